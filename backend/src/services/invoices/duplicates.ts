import { and, eq, inArray, isNull, ne, notInArray, or } from "drizzle-orm";
import type { Address } from "viem";
import type { Executor } from "../../adapters/db/database";
import { chainInvoices } from "../../db/schema/chain";
import { invoiceDocuments, invoices } from "../../db/schema/invoices";
import { conflict } from "../../errors";
import { invoiceReferenceHash } from "./reference";

/** Chain states in which an invoice ended without being financed: its number and document may be submitted again. */
const ENDED_UNFUNDED = ["rejected", "cancelled"];

/** How many times one invoice (number and buyer) may be submitted again after ending unfunded. */
export const MAX_RESUBMISSIONS = 5;

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
 * A document fingerprint already used: refused (409) when it is one of this farmer's invoices (in any state but ended
 * unfunded, even one still being submitted); another farmer's invoices with it are answered, for the admins to be told.
 */
export async function checkDocumentReuse(db: Executor, farmerId: string, sha256: string): Promise<bigint[]> {
  const [own] = await db
    .select({ id: invoices.id })
    .from(invoiceDocuments)
    .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
    .leftJoin(chainInvoices, eq(chainInvoices.tokenId, invoices.tokenId))
    .where(
      and(
        eq(invoiceDocuments.kind, "invoice"),
        eq(invoiceDocuments.sha256, sha256),
        eq(invoices.farmerId, farmerId),
        // An invoice rejected or cancelled unfunded frees its document for the corrected resubmission.
        or(isNull(chainInvoices.status), notInArray(chainInvoices.status, ENDED_UNFUNDED)),
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

/**
 * The reference revision a submission of this invoice number for this buyer takes: 0 the first time, else one past
 * the earlier submissions, each of which must have ended unfunded (rejected or cancelled, as indexed). Refused (409)
 * while one is still live or being submitted, or after MAX_RESUBMISSIONS; two at once meet the unique reference.
 */
export async function submissionRevision(
  db: Executor,
  farmer: Address,
  invoiceNumber: string,
  buyerName: string,
): Promise<number> {
  const hashes = referenceRevisions(farmer, invoiceNumber, buyerName);
  const rows = await db
    .select({ referenceHash: invoices.referenceHash, status: chainInvoices.status })
    .from(invoices)
    .leftJoin(chainInvoices, eq(chainInvoices.tokenId, invoices.tokenId))
    .where(inArray(invoices.referenceHash, hashes));
  const duplicate = () =>
    conflict("This invoice number for this buyer is already submitted", "DUPLICATE_INVOICE");
  if (rows.some((row) => row.status === null || !ENDED_UNFUNDED.includes(row.status))) throw duplicate();
  const taken = new Set(rows.map((row) => row.referenceHash));
  const revision = hashes.findIndex((hash) => !taken.has(hash));
  if (revision < 0) throw duplicate();
  return revision;
}

/** The reference hashes one invoice (farmer, number, buyer) can take: its first submission's, then each revision's. */
function referenceRevisions(farmer: Address, invoiceNumber: string, buyerName: string): string[] {
  return Array.from({ length: MAX_RESUBMISSIONS + 1 }, (_, revision) =>
    invoiceReferenceHash(farmer, invoiceNumber, buyerName, revision),
  );
}

/** The same farmer's submissions of this invoice before `tokenId` (each ended unfunded), token ids oldest first. */
export async function earlierSubmissions(
  db: Executor,
  row: { farmerAddress: string; invoiceNumber: string; buyerName: string; tokenId: bigint | null },
): Promise<bigint[]> {
  const hashes = referenceRevisions(row.farmerAddress as Address, row.invoiceNumber, row.buyerName);
  const rows = await db
    .select({ tokenId: invoices.tokenId })
    .from(invoices)
    .where(inArray(invoices.referenceHash, hashes));
  return rows
    .flatMap((other) =>
      other.tokenId !== null && row.tokenId !== null && other.tokenId < row.tokenId ? [other.tokenId] : [],
    )
    .sort((a, b) => (a < b ? -1 : 1));
}
