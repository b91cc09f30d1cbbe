import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Transaction } from "../../adapters/db/database";
import { type InvestorChainAction, investorReviews, investorVerifications } from "../../db/schema";
import { notifyCredentialFrozen, notifyInvestorDecision } from "../../notifications/investor-actions";
import { findVerification } from "./admin-view";
import type { VerificationRow } from "./status";

type Mined = InvestorChainAction & { txHash: string | null };

/** The row a rebind creates for the new wallet: the same person, documents and credential, now approved there. */
async function rebound(
  tx: Transaction,
  old: VerificationRow,
  done: Mined,
  at: Date,
): Promise<VerificationRow> {
  await tx
    .update(investorVerifications)
    .set({ status: "superseded", chainAction: null })
    .where(eq(investorVerifications.id, old.id));
  const { id: _id, ...copied } = old;
  const [row] = await tx
    .insert(investorVerifications)
    .values({
      ...copied,
      walletAddress: done.wallet,
      status: "approved",
      chainAction: null,
      reviewedAt: at,
      reviewedBy: done.adminAddress,
      credentialTxHash: done.txHash,
      validUntil: done.validUntil,
      limitBaseUnits: BigInt(done.limit),
    })
    .returning();
  return row!;
}

/**
 * Records a credential write the chain has mined, once: the status change, its review row and the investor's notice
 * in one transaction, and the claim cleared. Called by the request that sent it and by the reconciler; the second to
 * come finds the claim gone and records nothing. Returns the verification as it is now (a rebind: the new wallet's).
 */
export async function recordChainAction(
  app: Pick<FastifyInstance, "db" | "emailJobs">,
  id: string,
  done: Mined,
): Promise<VerificationRow> {
  const at = new Date();
  const recorded = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(investorVerifications)
      .where(and(eq(investorVerifications.id, id), isNotNull(investorVerifications.chainAction)))
      .for("update");
    if (!row) return null;
    const review = {
      verificationId: id,
      walletAddress: row.walletAddress,
      adminAddress: done.adminAddress,
      reason: done.reason,
      txHash: done.txHash,
      createdAt: at,
    };
    if (done.action === "rebind") {
      const next = await rebound(tx, row, done, at);
      await tx.insert(investorReviews).values({
        ...review,
        verificationId: next.id,
        walletAddress: next.walletAddress,
        action: "rebind",
        reason: `from ${row.walletAddress}`,
      });
      return next;
    }
    if (done.action === "approve") {
      const [approved] = await tx
        .update(investorVerifications)
        .set({
          status: "approved",
          reason: null,
          reviewedAt: at,
          reviewedBy: done.adminAddress,
          credentialTxHash: done.txHash,
          validUntil: done.validUntil,
          limitBaseUnits: BigInt(done.limit),
          chainAction: null,
        })
        .where(eq(investorVerifications.id, id))
        .returning();
      await tx.insert(investorReviews).values({ ...review, action: "approve" });
      await notifyInvestorDecision(tx, app.emailJobs, {
        wallet: row.walletAddress,
        verificationId: id,
        approved: true,
        limit: BigInt(done.limit),
        validUntil: done.validUntil,
      });
      return approved!;
    }
    const [changed] = await tx
      .update(investorVerifications)
      .set({ reason: done.reason, chainAction: null })
      .where(eq(investorVerifications.id, id))
      .returning();
    await tx.insert(investorReviews).values({ ...review, action: done.frozen ? "freeze" : "unfreeze" });
    await notifyCredentialFrozen(tx, app.emailJobs, {
      wallet: row.walletAddress,
      frozen: done.frozen,
      reason: done.reason ?? "",
      txHash: done.txHash ?? String(at.getTime()),
    });
    return changed!;
  });
  return recorded ?? findVerification(app.db, id);
}
