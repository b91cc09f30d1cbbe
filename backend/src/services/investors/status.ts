import {
  type InvestorBlocker,
  type InvestorCredential,
  type InvestorStatus,
  type InvestorVerification,
  investorTierOf,
  RISK_STATEMENT_VERSION,
  type RiskStatementState,
} from "@farm/core";
import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { chainCredentials, chainPositions, investorVerifications, riskAcceptances } from "../../db/schema";
import { unprocessable } from "../../errors";

export type VerificationRow = typeof investorVerifications.$inferSelect;
type CredentialRow = typeof chainCredentials.$inferSelect;

/** The last second an ISO date without an extended year can name (9999-12-31T23:59:59Z). */
const lastIsoSecond = 253_402_300_799;

/**
 * A credential's valid-until (unix seconds, uint40 on chain) as an ISO date: one valid beyond year 9999 (a credential
 * written to never expire) reads as valid until the end of 9999, not as an extended-year date clients cannot parse.
 */
export const credentialDate = (seconds: number): string =>
  new Date(Math.min(seconds, lastIsoSecond) * 1000).toISOString();

/** A wallet's credential as indexed, judged at the chain's clock (valid while block time <= validUntil); null when none. */
export function credentialView(
  row: CredentialRow | undefined,
  outstanding: bigint,
  chainNow: Date,
): InvestorCredential | null {
  const tier = row ? investorTierOf(row.tier) : null;
  if (!row || tier === null) return null;
  const available = row.limit > outstanding ? row.limit - outstanding : 0n;
  return {
    tier,
    validUntil: credentialDate(row.validUntil),
    frozen: row.frozen,
    expired: Math.floor(chainNow.getTime() / 1000) > row.validUntil,
    limit: row.limit.toString(),
    outstanding: outstanding.toString(),
    available: available.toString(),
  };
}

/** The credential of `wallet` from the index with its outstanding principal: the shares it holds (FarmNFT's counter). */
export async function indexedCredential(
  db: Executor,
  wallet: string,
  chainNow: Date,
): Promise<InvestorCredential | null> {
  const [[row], [held]] = await Promise.all([
    db.select().from(chainCredentials).where(eq(chainCredentials.wallet, wallet)),
    db
      .select({ shares: sql<string>`coalesce(sum(${chainPositions.shares}), 0)::text` })
      .from(chainPositions)
      .where(eq(chainPositions.holder, wallet)),
  ]);
  return credentialView(row, BigInt(held?.shares ?? "0"), chainNow);
}

export function verificationView(row: VerificationRow): InvestorVerification {
  return {
    id: row.id,
    status: row.status as InvestorVerification["status"],
    tier: row.tier as InvestorVerification["tier"],
    annualIncomeRupiah: row.annualIncomeRupiah.toString(),
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

async function riskStatementOf(db: Executor, wallet: string): Promise<RiskStatementState> {
  const [latest] = await db
    .select()
    .from(riskAcceptances)
    .where(eq(riskAcceptances.walletAddress, wallet))
    .orderBy(desc(riskAcceptances.version))
    .limit(1);
  return {
    currentVersion: RISK_STATEMENT_VERSION,
    acceptedVersion: latest?.version ?? null,
    acceptedAt: latest?.acceptedAt.toISOString() ?? null,
  };
}

/** What stands first between the wallet and a purchase, in the order the investor has to clear them; null when nothing. */
export function blockerOf(
  verification: InvestorVerification | null,
  credential: InvestorCredential | null,
  risk: RiskStatementState,
): InvestorBlocker | null {
  if (credential === null) {
    if (verification?.status === "pending" || verification?.status === "approved") return "pending";
    return verification?.status === "rejected" ? "rejected" : "unverified";
  }
  if (credential.expired) return "expired";
  if (credential.frozen) return "frozen";
  if (risk.acceptedVersion !== risk.currentVersion) return "risk-statement";
  return null;
}

/** GET /api/investors/me: the latest verification, the indexed credential, the risk statement and the verdict. */
export async function investorStatus(
  db: Executor,
  wallet: string,
  chainNow: Date,
  limitBps: InvestorStatus["limitBps"],
): Promise<InvestorStatus> {
  const [[latest], credential, riskStatement] = await Promise.all([
    db
      .select()
      .from(investorVerifications)
      .where(eq(investorVerifications.walletAddress, wallet))
      .orderBy(desc(investorVerifications.submittedAt))
      .limit(1),
    indexedCredential(db, wallet, chainNow),
    riskStatementOf(db, wallet),
  ]);
  const verification = latest ? verificationView(latest) : null;
  const blockedBy = blockerOf(verification, credential, riskStatement);
  return {
    wallet,
    verification,
    credential,
    riskStatement,
    canInvest: blockedBy === null,
    blockedBy,
    limitBps,
  };
}

/** Records the wallet's acceptance of the current risk statement (once per version; accepting again keeps the first time). */
export async function acceptRiskStatement(
  db: Executor,
  wallet: string,
  version: number,
): Promise<RiskStatementState> {
  if (version !== RISK_STATEMENT_VERSION)
    throw unprocessable(
      "RISK_STATEMENT_OUTDATED",
      `Version ${version} is not the current risk statement (${RISK_STATEMENT_VERSION}); read the current one and accept it`,
      { currentVersion: RISK_STATEMENT_VERSION },
    );
  await db.insert(riskAcceptances).values({ walletAddress: wallet, version }).onConflictDoNothing();
  return riskStatementOf(db, wallet);
}
