import { z } from "zod";
import { MAX_INVOICE_AMOUNT, MAX_TENOR_DAYS, MIN_TENOR_DAYS } from "../invoice-constants";
import { INVOICE_STATUS_NAMES } from "../invoice-status";
import { MS_PER_DAY } from "../time";
import {
  addressSchema,
  baseUnitsSchema,
  bytes32Schema,
  pageQuerySchema,
  plainTextSchema,
  tokenIdSchema,
} from "./common";
import { buyerContactSchema, invoiceEvidenceBadgesSchema } from "./invoice-evidence";
import { farmerTrackRecordSchema, invoiceStateSchema } from "./states";

const baseUnits = baseUnitsSchema;

const isBaseUnits = (value: string) => /^\d{1,78}$/.test(value);

export const invoiceStatusSchema = z.enum(INVOICE_STATUS_NAMES);

const isoDate = z.iso.date().meta({ example: "2027-03-31" });

/** `YYYY-MM-DD` plus whole days, in UTC. */
export function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The buyer's due date against the invoice's terms: it must lie after today, and after the funding window closes
 * (today + fundingDays), since investors fund an invoice before its buyer pays, never after; and at most the longest
 * term the platform finances (MAX_TENOR_DAYS) after that, so a mistyped year (2062 for 2026) is caught before an
 * admin or a buyer reads it. The form and the API apply the same rule; `earliest` and `latest` are the dates allowed.
 */
export function dueDateWindow(fundingDays: number, today: string): { earliest: string; latest: string } {
  const fundingCloses = addDays(today, fundingDays);
  return { earliest: addDays(fundingCloses, 1), latest: addDays(fundingCloses, MAX_TENOR_DAYS) };
}

/** Why `terms.dueDate` is outside {@link dueDateWindow} (or not after today), or null when it is inside. */
export function dueDateProblem(
  terms: { dueDate: string; fundingDays: number },
  today: string,
):
  | { kind: "notFuture" }
  | { kind: "beforeFundingCloses"; earliest: string }
  | { kind: "afterLatest"; latest: string }
  | null {
  if (terms.dueDate <= today) return { kind: "notFuture" };
  const { earliest, latest } = dueDateWindow(terms.fundingDays, today);
  if (terms.dueDate < earliest) return { kind: "beforeFundingCloses", earliest };
  if (terms.dueDate > latest) return { kind: "afterLatest", latest };
  return null;
}

/**
 * When the farmer repays an invoice submitted `today` with these terms: `tenorDays` after investors fill it, so on
 * `earliest` if they fill it at once and on `latest` if they fill it on the funding window's last day. The buyer
 * paying after `earliest` means the farmer may have to repay before being paid (`beforeBuyerPays`): the form warns
 * and does not refuse (no rule ties the term to the due date); `coveringTenorDays` is the shortest term that ends on
 * the due date.
 */
export function repaymentWindow(
  terms: { tenorDays: number; fundingDays: number; dueDate: string },
  today: string,
): { earliest: string; latest: string; beforeBuyerPays: boolean; coveringTenorDays: number } {
  const earliest = addDays(today, terms.tenorDays);
  const latest = addDays(today, terms.fundingDays + terms.tenorDays);
  const coveringTenorDays = Math.round((Date.parse(terms.dueDate) - Date.parse(today)) / MS_PER_DAY);
  return { earliest, latest, beforeBuyerPays: earliest < terms.dueDate, coveringTenorDays };
}

/** What a farmer sends to tokenise an invoice. Amount in GOLD base units; yield for the whole term in basis points. */
export const submitInvoiceRequestSchema = z
  .object({
    invoiceNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./_#-]*$/u, "letters, digits, spaces and . / _ # -"),
    /** The buyer's business name. */
    buyerName: plainTextSchema(2, 120),
    /** How the buyer is reached (e-mail or phone); stored encrypted, seen only by the farmer and admins. */
    buyerContact: buyerContactSchema,
    amount: baseUnits
      // Each check re-tests the pattern: zod runs refinements even after the regex failed, and BigInt("1.5") throws.
      .refine((value) => !isBaseUnits(value) || BigInt(value) > 0n, "must be more than zero")
      .refine(
        (value) => !isBaseUnits(value) || BigInt(value) <= MAX_INVOICE_AMOUNT,
        "is above the largest invoice the contract takes",
      ),
    yieldBps: z.number().int().min(1).max(10_000),
    tenorDays: z.number().int().min(MIN_TENOR_DAYS).max(MAX_TENOR_DAYS),
    /** Days the invoice stays open for investment after approval is possible; becomes the funding deadline. */
    fundingDays: z.number().int().min(1).max(90),
    /** When the buyer is due to pay the invoice (the backend refuses a date not after the chain's today: 422). */
    dueDate: isoDate,
    description: plainTextSchema(0, 1000, { multiline: true }).default(""),
  })
  .meta({ id: "SubmitInvoiceRequest" });
export type SubmitInvoiceRequest = z.infer<typeof submitInvoiceRequestSchema>;

export const submitInvoiceResponseSchema = z
  .object({
    tokenId: tokenIdSchema,
    status: z.literal("pending"),
    txHash: bytes32Schema,
  })
  .meta({ id: "SubmittedInvoice" });
export type SubmitInvoiceResponse = z.infer<typeof submitInvoiceResponseSchema>;

/** The public face of the farm behind an invoice, from its registration: never identity, tax or bank details. */
export const farmerPublicProfileSchema = z
  .object({
    businessName: z.string(),
    province: z.string(),
    city: z.string(),
    crops: z.array(z.string()),
  })
  .meta({ id: "FarmerPublicProfile" });
export type FarmerPublicProfile = z.infer<typeof farmerPublicProfileSchema>;

/** An invoice: its on-chain state from the index, with the farmer's metadata when the backend holds it. */
export const invoiceSchema = z
  .object({
    tokenId: tokenIdSchema,
    farmer: addressSchema,
    status: invoiceStatusSchema,
    /** The state every screen tells, derived from the status at the chain's clock. */
    state: invoiceStateSchema,
    /** Target principal. */
    amount: baseUnits,
    funded: baseUnits,
    repaid: baseUnits,
    /** Principal recovered in a settled default. */
    recovered: baseUnits,
    /** Financing fee recovered in a settled default: the holders' yield. */
    recoveredFee: baseUnits,
    /** Days after maturity before a default may be declared, fixed on chain when funded; null before. */
    graceDays: z.number().int().nullable(),
    /** Yield for the whole term. */
    yieldBps: z.number().int(),
    /** The same yield as a yearly rate: yieldBps * 365 / tenorDays, rounded down. */
    annualYieldBps: z.number().int(),
    tenorDays: z.number().int(),
    fundingDeadline: z.iso.datetime(),
    fundedAt: z.iso.datetime().nullable(),
    maturity: z.iso.datetime().nullable(),
    referenceHash: z.string(),
    rejectionReason: z.string().nullable(),
    /** Withdrawn by an admin (cancelled on chain, holders refund): the reason sent on chain; its farmer and admins only. */
    withdrawalReason: z.string().nullable(),
    investorCount: z.number().int(),
    metadata: z
      .object({
        invoiceNumber: z.string(),
        buyerName: z.string(),
        description: z.string(),
        dueDate: isoDate,
      })
      .nullable(),
    /** What was checked before investors fund it: never the documents or anyone's personal data. */
    evidence: invoiceEvidenceBadgesSchema,
    /** The farm that issued the invoice; null when the wallet has no registration on this platform. */
    farmerProfile: farmerPublicProfileSchema.nullable(),
    /** The farmer's invoices repaid, repaid by maturity and defaulted, from the index. */
    farmerRecord: farmerTrackRecordSchema,
    /** Block of the last change the index applied. */
    updatedBlock: z.number().int(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof invoiceSchema>;

export const listInvoicesQuerySchema = pageQuerySchema.extend({
  status: invoiceStatusSchema.optional(),
  farmer: addressSchema.optional(),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

export const invoicePageSchema = z
  .object({ items: z.array(invoiceSchema), nextCursor: z.string().nullable() })
  .meta({ id: "InvoicePage" });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceParamsSchema = z.object({ tokenId: tokenIdSchema });
