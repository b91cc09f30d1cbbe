import { nextUtcMidnight, startOfUtcDay, utcDay } from "@farm/core";
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Transaction } from "../../adapters/db/database";
import type { InvoiceRulesConfig } from "../../config/invoice-rules";
import { invoiceConfirmationLinks, invoices } from "../../db/schema/invoices";
import { AppError } from "../../errors";

/** Advisory lock space of a farmer's confirmation links ("BLK"); the key is the hash of the farmer's id. */
const LINK_LOCK_SPACE = 0x424c4b;

/**
 * Counts one more confirmation link (one e-mail the platform sends to the address the farmer typed) against the
 * invoice and the farmer for the UTC day, or refuses it with 429 TOO_MANY_CONFIRMATION_LINKS once either had its
 * limit (CONFIRMATION_LINKS_PER_INVOICE_PER_DAY, CONFIRMATION_LINKS_PER_FARMER_PER_DAY): nobody can have the platform
 * mail an address over and over. Counted in the database from the links themselves, under a lock per farmer held
 * to the end of `tx` (the link's transaction), so requests at once cannot all pass the same count. Day windows, as
 * the address-verification cap's: the refusal says when the next day starts; no Retry-After (the wait is hours).
 */
export async function countConfirmationLink(
  tx: Transaction,
  rules: InvoiceRulesConfig,
  invoice: { id: string; farmerId: string },
  now: Date,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LINK_LOCK_SPACE}::int, hashtext(${invoice.farmerId}))`);
  const today = gte(invoiceConfirmationLinks.createdAt, startOfUtcDay(utcDay(now)));
  const [forInvoice] = await tx
    .select({ n: count() })
    .from(invoiceConfirmationLinks)
    .where(and(eq(invoiceConfirmationLinks.invoiceId, invoice.id), today));
  const [forFarmer] = await tx
    .select({ n: count() })
    .from(invoiceConfirmationLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceConfirmationLinks.invoiceId))
    .where(and(eq(invoices.farmerId, invoice.farmerId), today));
  const retryAt = nextUtcMidnight(now).toISOString();
  const refuse = (per: "invoice" | "farmer", limit: number) =>
    new AppError(
      429,
      "TOO_MANY_CONFIRMATION_LINKS",
      `At most ${limit} confirmation e-mails a day ${per === "invoice" ? "for one invoice" : "for one farmer"}; ` +
        `send again after ${retryAt} (00:00 UTC)`,
      { per, limit, retryAt },
    );
  if ((forInvoice?.n ?? 0) >= rules.confirmationLinksPerInvoicePerDay)
    throw refuse("invoice", rules.confirmationLinksPerInvoicePerDay);
  if ((forFarmer?.n ?? 0) >= rules.confirmationLinksPerFarmerPerDay)
    throw refuse("farmer", rules.confirmationLinksPerFarmerPerDay);
}
