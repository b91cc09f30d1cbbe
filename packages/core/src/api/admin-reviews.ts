import { z } from "zod";
import { INVOICE_DECISION_ACTIONS } from "../invoice-constants";
import { addressSchema, baseUnitsSchema, bytes32Schema, tokenIdSchema } from "./common";

/** One admin decision on a farmer registration, from the audit table: who, when, what and why. */
export const farmerReviewSchema = z
  .object({
    farmerId: z.uuid(),
    businessName: z.string(),
    adminAddress: addressSchema,
    action: z.enum(["approve", "reject"]),
    statusBefore: z.string(),
    statusAfter: z.string(),
    reason: z.string().nullable(),
    decidedAt: z.iso.datetime(),
  })
  .meta({ id: "FarmerReview" });
export type FarmerReviewEntry = z.infer<typeof farmerReviewSchema>;

export const farmerReviewsResponseSchema = z
  .object({ items: z.array(farmerReviewSchema) })
  .meta({ id: "FarmerReviews" });
export type FarmerReviewsResponse = z.infer<typeof farmerReviewsResponseSchema>;

export const invoiceDecisionActionSchema = z.enum(INVOICE_DECISION_ACTIONS);

/**
 * One admin decision on an invoice from the audit table, recorded once its transaction was mined and succeeded, with
 * the invoice's status on chain now (from the index). `txHash` is null only on rows from before that rule.
 */
export const invoiceDecisionSchema = z
  .object({
    tokenId: z.string(),
    invoiceNumber: z.string(),
    adminAddress: addressSchema,
    action: invoiceDecisionActionSchema,
    reason: z.string().nullable(),
    buyerStatus: z.string(),
    chainStatus: z.string().nullable(),
    txHash: bytes32Schema.nullable(),
    decidedAt: z.iso.datetime(),
  })
  .meta({ id: "InvoiceDecision" });
export type InvoiceDecision = z.infer<typeof invoiceDecisionSchema>;

export const invoiceDecisionsResponseSchema = z
  .object({ items: z.array(invoiceDecisionSchema) })
  .meta({ id: "InvoiceDecisions" });
export type InvoiceDecisionsResponse = z.infer<typeof invoiceDecisionsResponseSchema>;

/**
 * A defaulted invoice awaiting settlement, from the index: what was repaid when it was marked defaulted and since
 * (recoveries the holders share once the admin settles).
 */
export const defaultedInvoiceSchema = z
  .object({
    tokenId: tokenIdSchema,
    invoiceNumber: z.string().nullable(),
    farmer: addressSchema,
    amount: baseUnitsSchema,
    yieldBps: z.number().int(),
    maturity: z.iso.datetime().nullable(),
    /** Everything repaid so far, principal first. */
    repaid: baseUnitsSchema,
    /** Repaid when the default was declared (the InvoiceDefaulted event's repaidSoFar). */
    repaidAtDefault: baseUnitsSchema,
    /** Repaid after the default: repaid - repaidAtDefault. */
    repaidSinceDefault: baseUnitsSchema,
    /**
     * From when settleDefault is accepted: the default plus the recovery window fixed then, judged at the chain's
     * clock; null for a default indexed before the window existed.
     */
    settleableAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "DefaultedInvoice" });
export type DefaultedInvoice = z.infer<typeof defaultedInvoiceSchema>;

export const defaultedInvoicesResponseSchema = z
  .object({ items: z.array(defaultedInvoiceSchema) })
  .meta({ id: "DefaultedInvoices" });
export type DefaultedInvoicesResponse = z.infer<typeof defaultedInvoicesResponseSchema>;
