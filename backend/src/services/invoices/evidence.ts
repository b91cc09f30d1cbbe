import { farmNftAbi, invoiceStatusName } from "@farm/contracts";
import type {
  BuyerConfirmationStatus,
  InvoiceDecision,
  InvoiceDocumentKind,
  InvoiceEvidence,
  RecordedBuyerDecision,
} from "@farm/core";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { getAddress } from "viem";
import type { Database, Executor } from "../../adapters/db/database";
import { isChainUnreachable } from "../../chain/adapter";
import { chainInvoices } from "../../db/schema/chain";
import {
  invoiceConfirmationLinks,
  invoiceDocuments,
  invoiceReviews,
  invoices,
} from "../../db/schema/invoices";
import { decryptField, fieldKeys } from "../../documents/field-encryption";
import { conflict, forbidden, notFound, serviceUnavailable, unprocessable } from "../../errors";
import type { Session } from "../../types";

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

async function latestLink(db: Executor, invoiceId: string): Promise<LinkRow | null> {
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
  now = new Date(),
): Promise<InvoiceEvidence> {
  const [documents, link, reviews, [chainRow]] = await Promise.all([
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
  ]);
  const status = buyerStatusOf(row, link, now);
  return {
    tokenId: row.tokenId!.toString(),
    buyer: {
      name: row.buyerName,
      contact: row.buyerContactEncrypted
        ? decryptField(fieldKeys(app.config), row.buyerContactEncrypted)
        : null,
    },
    documents: documents.map((document) => ({
      kind: document.kind as InvoiceDocumentKind,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      sha256: document.sha256,
      uploadedAt: document.uploadedAt.toISOString(),
    })),
    documentHashOnChain: chainRow?.documentHash ?? null,
    confirmation: {
      status,
      linkExpiresAt: status === "link_sent" && link ? link.expiresAt.toISOString() : null,
      decision: recordedDecision(row),
    },
    reviews: reviews.map((review) => ({
      adminAddress: review.adminAddress,
      action: review.action === "reject" ? ("reject" as const) : ("approve" as const),
      reason: review.reason,
      buyerStatus: review.buyerStatus as BuyerConfirmationStatus,
      createdAt: review.createdAt.toISOString(),
    })),
  };
}

/**
 * Records an admin's decision before they send it on chain with their own wallet: approve or reject, who, when, why
 * and the buyer's status at that moment, in the audit table the admin page's history reads. Approving without a
 * buyer confirmation (no answer, an unanswered link, or a dispute) needs a reason; rejecting always does (the route's
 * schema asks for it). Only an invoice still pending on chain can be decided.
 */
export async function recordInvoiceReview(
  app: EvidenceDeps,
  tokenId: bigint,
  adminAddress: string,
  decision: { action: "approve" | "reject"; reason: string | undefined },
  now = new Date(),
): Promise<InvoiceEvidence["reviews"][number]> {
  const { action, reason } = decision;
  const row = await findInvoiceRow(app.db, tokenId);
  if (row === null) throw notFound(`No invoice ${tokenId} with metadata on this platform`);
  const farmNft = app.chain.addresses?.farmNft;
  if (!farmNft) throw serviceUnavailable("No contracts are deployed on the configured chain");
  let status: string;
  try {
    const onChain = await app.chain.publicClient.readContract({
      address: farmNft,
      abi: farmNftAbi,
      functionName: "getInvoice",
      args: [tokenId],
    });
    status = invoiceStatusName(onChain.status);
  } catch (error) {
    if (isChainUnreachable(error))
      throw serviceUnavailable("The blockchain is unreachable; try again shortly");
    throw error;
  }
  if (status !== "pending")
    throw conflict(`Invoice ${tokenId} is ${status}, not pending`, "INVOICE_NOT_PENDING");
  const buyerStatus = buyerStatusOf(row, await latestLink(app.db, row.id), now);
  if (action === "approve" && buyerStatus !== "confirmed" && reason === undefined) {
    throw unprocessable(
      "APPROVAL_REASON_REQUIRED",
      buyerStatus === "disputed"
        ? "The buyer disputes this invoice: give the reason for approving it anyway"
        : "The buyer has not confirmed this invoice: give the reason for approving it without a confirmation",
      { buyerStatus },
    );
  }
  const [review] = await app.db
    .insert(invoiceReviews)
    .values({ invoiceId: row.id, adminAddress, action, reason: reason ?? null, buyerStatus })
    .returning();
  if (!review) throw new Error("the review insert returned nothing");
  return {
    adminAddress: review.adminAddress,
    action,
    reason: review.reason,
    buyerStatus,
    createdAt: review.createdAt.toISOString(),
  };
}

/** How many of the latest invoice decisions the admin page shows. */
const decisionHistoryLength = 50;

/** The latest invoice decisions from the audit table, newest first, with each invoice's status on chain now. */
export async function latestInvoiceDecisions(db: Database): Promise<InvoiceDecision[]> {
  const rows = await db
    .select({
      tokenId: invoices.tokenId,
      invoiceNumber: invoices.invoiceNumber,
      adminAddress: invoiceReviews.adminAddress,
      action: invoiceReviews.action,
      reason: invoiceReviews.reason,
      buyerStatus: invoiceReviews.buyerStatus,
      chainStatus: chainInvoices.status,
      createdAt: invoiceReviews.createdAt,
    })
    .from(invoiceReviews)
    .innerJoin(invoices, eq(invoices.id, invoiceReviews.invoiceId))
    .leftJoin(chainInvoices, eq(chainInvoices.tokenId, invoices.tokenId))
    .orderBy(desc(invoiceReviews.createdAt))
    .limit(decisionHistoryLength);
  return rows.map((row) => ({
    tokenId: row.tokenId?.toString() ?? "",
    invoiceNumber: row.invoiceNumber,
    adminAddress: getAddress(row.adminAddress),
    action: row.action === "reject" ? "reject" : "approve",
    reason: row.reason,
    buyerStatus: row.buyerStatus,
    chainStatus: row.chainStatus,
    decidedAt: row.createdAt.toISOString(),
  }));
}
