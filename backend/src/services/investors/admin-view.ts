import type { AdminInvestorVerification, InvestorReview, InvestorVerificationStatus } from "@farm/core";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { investorReviews, investorVerifications } from "../../db/schema";
import { decryptField, type FieldKeyring } from "../../documents/field-encryption";
import { badRequest, notFound } from "../../errors";
import { credentialDate, indexedCredential, type VerificationRow } from "./status";

/** A verification as the admins see it: identity decrypted, the KTP's facts, what approval wrote, the indexed credential. */
export async function adminView(
  db: Executor,
  keys: FieldKeyring,
  row: VerificationRow,
  chainNow: Date,
): Promise<AdminInvestorVerification> {
  return {
    id: row.id,
    wallet: row.walletAddress,
    status: row.status as InvestorVerificationStatus,
    fullName: decryptField(keys, row.fullNameEncrypted),
    nik: decryptField(keys, row.nikEncrypted),
    dateOfBirth: decryptField(keys, row.dateOfBirthEncrypted),
    annualIncomeRupiah: row.annualIncomeRupiah.toString(),
    tier: row.tier as AdminInvestorVerification["tier"],
    professionalReason: row.professionalReason,
    reason: row.reason,
    ktp: {
      contentType: row.ktpContentType,
      sizeBytes: row.ktpSizeBytes,
      sha256: row.ktpSha256,
      uploadedAt: row.ktpUploadedAt.toISOString(),
    },
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    credentialTxHash: row.credentialTxHash,
    validUntil: row.validUntil === null ? null : credentialDate(row.validUntil),
    limit: row.limitBaseUnits?.toString() ?? null,
    credential: await indexedCredential(db, row.walletAddress, chainNow),
  };
}

export async function findVerification(db: Executor, id: string): Promise<VerificationRow> {
  const [row] = await db.select().from(investorVerifications).where(eq(investorVerifications.id, id));
  if (!row) throw notFound("No such investor verification");
  return row;
}

/** Pending ones rank first; the cursor is (rank, submitted_at, id) of the page's last row. */
const rank = sql<number>`(case when ${investorVerifications.status} = 'pending' then 0 else 1 end)`;

const encodeCursor = (row: VerificationRow) =>
  Buffer.from(
    JSON.stringify([row.status === "pending" ? 0 : 1, row.submittedAt.toISOString(), row.id]),
  ).toString("base64url");

function decodeCursor(text: string): [number, string, string] {
  try {
    const [r, at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as [
      number,
      string,
      string,
    ];
    if (![0, 1].includes(r) || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error();
    return [r, new Date(at).toISOString(), id];
  } catch {
    throw badRequest("The cursor is not one this API gave out");
  }
}

/** The review queue: pending first, then oldest first within each, keyset-paginated; optionally one status only. */
export async function listVerifications(
  db: Executor,
  query: { status?: InvestorVerificationStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<{ rows: VerificationRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(investorVerifications.status, query.status));
  if (query.cursor) {
    const [r, at, id] = decodeCursor(query.cursor);
    conditions.push(
      sql`(${rank}, ${investorVerifications.submittedAt}, ${investorVerifications.id}) > (${r}, ${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const page = await db
    .select()
    .from(investorVerifications)
    .where(and(...conditions))
    .orderBy(asc(rank), asc(investorVerifications.submittedAt), asc(investorVerifications.id))
    .limit(query.limit + 1);
  const rows = page.slice(0, query.limit);
  return { rows, nextCursor: page.length > query.limit ? encodeCursor(rows[rows.length - 1]!) : null };
}

/** The review history, newest first (the latest 200), optionally of one wallet. */
export async function listInvestorReviews(db: Executor, wallet?: string): Promise<InvestorReview[]> {
  const rows = await db
    .select()
    .from(investorReviews)
    .where(wallet ? eq(investorReviews.walletAddress, wallet) : undefined)
    .orderBy(desc(investorReviews.createdAt))
    .limit(200);
  return rows.map((row) => ({
    verificationId: row.verificationId,
    wallet: row.walletAddress,
    adminAddress: row.adminAddress,
    action: row.action as InvestorReview["action"],
    reason: row.reason,
    txHash: row.txHash,
    decidedAt: row.createdAt.toISOString(),
  }));
}
