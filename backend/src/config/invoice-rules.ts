import { CONFIRMATION_LINK_TTL_DAYS, parseGold } from "@farm/core";
import { z } from "zod";

const goldAmount = (fallback: string) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,18})?$/, "a GOLD amount such as 100 or 0.5")
    .default(fallback)
    .transform((value) => parseGold(value));
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * The environment variables of the rules an invoice submission and its buyer's confirmation follow. Spread into
 * config.ts's schema; `.env.example` lists each.
 */
export const invoiceRulesEnv = {
  CONFIRMATION_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(60).default(CONFIRMATION_LINK_TTL_DAYS),
  INVOICE_MIN_AMOUNT: goldAmount("100"),
  INVOICE_MIN_FEE: goldAmount("1"),
  INVOICE_MAX_PENDING_PER_FARMER: count(10),
  INVOICE_SUBMISSIONS_PER_HOUR: count(20),
  CONFIRMATION_LINKS_PER_INVOICE_PER_DAY: count(3),
  CONFIRMATION_LINKS_PER_FARMER_PER_DAY: count(20),
};

type InvoiceRulesEnv = z.output<z.ZodObject<typeof invoiceRulesEnv>>;

export interface InvoiceRulesConfig {
  /** Days a buyer's confirmation link stays open. */
  confirmationLinkTtlDays: number;
  /** Smallest invoice amount and financing fee (GOLD base units): each submission is an operator transaction. */
  minAmount: bigint;
  minFee: bigint;
  /** Invoices of one farmer waiting for review (or being submitted) at most. */
  maxPendingPerFarmer: number;
  /** Submissions of one farmer in any hour at most. */
  submissionsPerHour: number;
  /** Confirmation links (each one e-mail to the buyer) in a UTC day at most: per invoice, and per farmer. */
  confirmationLinksPerInvoicePerDay: number;
  confirmationLinksPerFarmerPerDay: number;
}

export function toInvoiceRulesConfig(e: InvoiceRulesEnv): InvoiceRulesConfig {
  return {
    confirmationLinkTtlDays: e.CONFIRMATION_LINK_TTL_DAYS,
    minAmount: e.INVOICE_MIN_AMOUNT,
    minFee: e.INVOICE_MIN_FEE,
    maxPendingPerFarmer: e.INVOICE_MAX_PENDING_PER_FARMER,
    submissionsPerHour: e.INVOICE_SUBMISSIONS_PER_HOUR,
    confirmationLinksPerInvoicePerDay: e.CONFIRMATION_LINKS_PER_INVOICE_PER_DAY,
    confirmationLinksPerFarmerPerDay: e.CONFIRMATION_LINKS_PER_FARMER_PER_DAY,
  };
}
