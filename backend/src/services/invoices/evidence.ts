import {
  type BuyerConfirmationStatus,
  emailDomainOf,
  type InvoiceDecisionAction,
  type InvoiceDocumentKind,
  type InvoiceEvidence,
  isFreeMailDomain,
  maskEmail,
  type RecordedBuyerDecision,
} from "@farm/core";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Hash } from "viem";
import type { Executor } from "../../adapters/db/database";
import { chainInvoices } from "../../db/schema/chain";
import {
  invoiceConfirmationLinks,
  invoiceDocuments,
  invoiceReviews,
  invoices,
} from "../../db/schema/invoices";
import { decryptField, fieldKeys } from "../../documents/field-encryption";
import { forbidden, notFound } from "../../errors";
import type { Session } from "../../types";
import { buyerDomainIsFarmers } from "./buyer-not-farmer";
import { earlierSubmissions, invoicesWithDocument } from "./duplicates";

/** What reading an invoice's evidence uses. */
export type EvidenceDeps = Pick<FastifyInstance, "db" | "chain" | "config">;

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;
type LinkRow = typeof invoiceConfirmationLinks.$inferSelect;

/** The metadata row of a tokenised invoice, or null. */
export async function findInvoiceRow(db: Executor, tokenId: bigint): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tokenId, tokenId), eq(invoices.submissionState, "submitted")));
  return row ?? null;
}

/**
 * The invoice, when the session may read its evidence: its farmer or an admin. Everyone else gets the same 403,
 * whether the invoice exists or not.
 */
export async function invoiceForEvidenceReader(
  db: Executor,
  session: Session,
  tokenId: bigint,
): Promise<InvoiceRow> {
  const row = await findInvoiceRow(db, tokenId);
  const isAdmin = session.roles.includes("admin");
  if (row === null && isAdmin) throw notFound(`No invoice ${tokenId} with evidence on this platform`);
  const allowed =
    row !== null && (row.farmerAddress.toLowerCase() === session.address.toLowerCase() || isAdmin);
  if (!allowed || row === null) throw forbidden("Only the invoice's farmer and admins may read its evidence");
  return row;
}

export async function findInvoiceDocument(
  db: Executor,
  invoiceId: string,
  kind: InvoiceDocumentKind,
): Promise<InvoiceDocumentRow | null> {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, kind)));
  return row ?? null;
}

export async function latestLink(db: Executor, invoiceId: string): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(invoiceConfirmationLinks)
    .where(eq(invoiceConfirmationLinks.invoiceId, invoiceId))
    .orderBy(desc(invoiceConfirmationLinks.createdAt))
    .limit(1);
  return row ?? null;
}

export function recordedDecision(row: InvoiceRow): RecordedBuyerDecision | null {
  if (row.buyerDecision === null || row.buyerDecidedAt === null || row.buyerDecisionMethod === null)
    return null;
  return {
    decision: row.buyerDecision as RecordedBuyerDecision["decision"],
    method: row.buyerDecisionMethod as RecordedBuyerDecision["method"],
    decidedAt: row.buyerDecidedAt.toISOString(),
    signer: row.buyerSigner,
    signature: row.buyerSignature,
    note: row.buyerNote,
  };
}

/** Where the buyer's confirmation stands: their recorded answer, else the state of the latest link. */
export function buyerStatusOf(
  row: InvoiceRow,
  link: Pick<LinkRow, "expiresAt" | "usedAt" | "revokedAt"> | null,
  now: Date,
): BuyerConfirmationStatus {
  if (row.buyerDecision === "confirmed" || row.buyerDecision === "disputed") return row.buyerDecision;
  if (link === null) return "none";
  return link.expiresAt.getTime() > now.getTime() && link.revokedAt === null ? "link_sent" : "link_expired";
}

/** Everything behind an invoice for its farmer and admins: buyer contact in clear, documents, answer, reviews. */
export async function invoiceEvidence(
  app: EvidenceDeps,
  row: InvoiceRow,
  viewer: { admin: boolean },
  now = new Date(),
): Promise<InvoiceEvidence> {
  const contact = row.buyerContactEncrypted
    ? decryptField(fieldKeys(app.config), row.buyerContactEncrypted)
    : null;
  const [documents, link, reviews, [chainRow], alsoOn, sameDomain, earlier] = await Promise.all([
    app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, row.id)),
    latestLink(app.db, row.id),
    app.db
      .select()
      .from(invoiceReviews)
      .where(eq(invoiceReviews.invoiceId, row.id))
      .orderBy(invoiceReviews.createdAt),
    app.db
      .select({ documentHash: chainInvoices.documentHash })
      .from(chainInvoices)
      .where(eq(chainInvoices.tokenId, row.tokenId!)),
    viewer.admin ? documentAlsoOn(app.db, row) : [],
    viewer.admin && buyerDomainIsFarmers(app.db, row.farmerId, contact),
    earlierSubmissions(app.db, row),
  ]);
  const status = buyerStatusOf(row, link, now);
  const domain = contact === null ? null : emailDomainOf(contact);
  return {
    tokenId: row.tokenId!.toString(),
    buyer: { name: row.buyerName, contact },
    documents: documents.map((document) => ({
      kind: document.kind as InvoiceDocumentKind,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      sha256: document.sha256,
      uploadedAt: document.uploadedAt.toISOString(),
    })),
    documentHashOnChain: chainRow?.documentHash ?? null,
    documentAlsoOn: alsoOn.map(String),
    resubmissionOf: earlier.map(String),
    buyerDomainIsFarmers: sameDomain,
    confirmation: {
      status,
      channel: domain === null ? "none" : "email",
      sentTo: domain === null || contact === null ? null : maskEmail(contact),
      freeMail: domain !== null && isFreeMailDomain(domain),
      linkExpiresAt: status === "link_sent" && link ? link.expiresAt.toISOString() : null,
      decision: recordedDecision(row),
    },
    reviews: reviews.map(reviewAnswer),
  };
}

/** Other farmers' invoices whose invoice document has this invoice's fingerprint. */
async function documentAlsoOn(db: Executor, row: InvoiceRow): Promise<bigint[]> {
  const document = await findInvoiceDocument(db, row.id, "invoice");
  if (!document) return [];
  return invoicesWithDocument(db, document.sha256, { otherFarmerThan: row.farmerId });
}

/** An audit row as the API answers it. */
export function reviewAnswer(review: typeof invoiceReviews.$inferSelect): InvoiceEvidence["reviews"][number] {
  return {
    adminAddress: review.adminAddress,
    action: review.action as InvoiceDecisionAction,
    reason: review.reason,
    buyerStatus: review.buyerStatus as BuyerConfirmationStatus,
    txHash: review.txHash as Hash | null,
    createdAt: review.createdAt.toISOString(),
  };
}
