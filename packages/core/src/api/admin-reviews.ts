import { z } from "zod";
import { addressSchema } from "./common";

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

/**
 * One admin decision on an invoice from the audit table (recorded before the admin's wallet sends it), with the
 * invoice's status on chain now: "pending" means the transaction was not sent or did not land.
 */
export const invoiceDecisionSchema = z
  .object({
    tokenId: z.string(),
    invoiceNumber: z.string(),
    adminAddress: addressSchema,
    action: z.enum(["approve", "reject"]),
    reason: z.string().nullable(),
    buyerStatus: z.string(),
    chainStatus: z.string().nullable(),
    decidedAt: z.iso.datetime(),
  })
  .meta({ id: "InvoiceDecision" });
export type InvoiceDecision = z.infer<typeof invoiceDecisionSchema>;

export const invoiceDecisionsResponseSchema = z
  .object({ items: z.array(invoiceDecisionSchema) })
  .meta({ id: "InvoiceDecisions" });
export type InvoiceDecisionsResponse = z.infer<typeof invoiceDecisionsResponseSchema>;
