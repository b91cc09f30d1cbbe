import { CONFIRMATION_LINK_TTL_DAYS } from "@farm/core";
import { z } from "zod";

/**
 * The environment variables of the rules an invoice submission and its buyer's confirmation follow. Spread into
 * config.ts's schema; `.env.example` lists each.
 */
export const invoiceRulesEnv = {
  CONFIRMATION_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(60).default(CONFIRMATION_LINK_TTL_DAYS),
};

type InvoiceRulesEnv = z.output<z.ZodObject<typeof invoiceRulesEnv>>;

export interface InvoiceRulesConfig {
  /** Days a buyer's confirmation link stays open. */
  confirmationLinkTtlDays: number;
}

export function toInvoiceRulesConfig(e: InvoiceRulesEnv): InvoiceRulesConfig {
  return { confirmationLinkTtlDays: e.CONFIRMATION_LINK_TTL_DAYS };
}
