import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { invoiceDocuments, invoices } from "../../db/schema/invoices";
import { conflict } from "../../errors";

/** The invoices (token ids, oldest first) other than `invoiceId` whose invoice document has this SHA-256. */
export async function invoicesWithDocument(
  db: Executor,
  sha256: string,
  filter: { farmerId?: string; otherFarmerThan?: string; exceptInvoice?: string } = {},
): Promise<bigint[]> {
  const rows = await db
    .select({ tokenId: invoices.tokenId })
    .from(invoiceDocuments)
    .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
    .where(
      and(
        eq(invoiceDocuments.kind, "invoice"),
        eq(invoiceDocuments.sha256, sha256),
        filter.farmerId ? eq(invoices.farmerId, filter.farmerId) : undefined,
        filter.otherFarmerThan ? ne(invoices.farmerId, filter.otherFarmerThan) : undefined,
        filter.exceptInvoice ? ne(invoices.id, filter.exceptInvoice) : undefined,
      ),
    )
    .orderBy(invoices.createdAt);
  return rows.flatMap((row) => (row.tokenId === null ? [] : [row.tokenId]));
}

/**
 * A document fingerprint already used: refused (409) when it is one of this farmer's invoices (in any state, even one
 * still being submitted); another farmer's invoices with it are answered, for the admins to be told.
 */
export async function checkDocumentReuse(db: Executor, farmerId: string, sha256: string): Promise<bigint[]> {
  const [own] = await db
    .select({ id: invoices.id })
    .from(invoiceDocuments)
    .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
    .where(
      and(
        eq(invoiceDocuments.kind, "invoice"),
        eq(invoiceDocuments.sha256, sha256),
        eq(invoices.farmerId, farmerId),
      ),
    )
    .limit(1);
  if (own)
    throw conflict(
      "This document is already the document of one of your invoices: each invoice needs its own document",
      "DUPLICATE_DOCUMENT",
    );
  return invoicesWithDocument(db, sha256, { otherFarmerThan: farmerId });
}
