import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { investorReviews, investorVerifications } from "../../db/schema";
import { conflict } from "../../errors";
import { notifyInvestorDecision } from "../../notifications/investor-actions";
import { findVerification } from "./admin-view";
import type { VerificationRow } from "./status";

export type InvestorReviewDeps = Pick<FastifyInstance, "db" | "emailJobs">;

export const notPending = (row: Pick<VerificationRow, "status">) =>
  conflict(`The verification is ${row.status}, not pending`, "VERIFICATION_NOT_PENDING");

/**
 * Rejects a pending verification with the reason the investor reads: status, audit row and the investor's notice in
 * one transaction, only while it is still pending and no approval is under way (two admins cannot both win).
 */
export async function rejectVerification(
  app: InvestorReviewDeps,
  id: string,
  adminAddress: string,
  reason: string,
): Promise<VerificationRow> {
  const rejected = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(investorVerifications)
      .set({ status: "rejected", reason, reviewedAt: new Date(), reviewedBy: adminAddress })
      .where(
        and(
          eq(investorVerifications.id, id),
          eq(investorVerifications.status, "pending"),
          isNull(investorVerifications.chainAction),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(investorReviews).values({
      verificationId: id,
      walletAddress: row.walletAddress,
      adminAddress,
      action: "reject",
      reason,
    });
    await notifyInvestorDecision(tx, app.emailJobs, {
      wallet: row.walletAddress,
      verificationId: id,
      approved: false,
      reason,
    });
    return row;
  });
  if (rejected) return rejected;
  const current = await findVerification(app.db, id);
  if (current.chainAction !== null)
    throw conflict("An approval of this verification is being written on chain", "VERIFICATION_NOT_PENDING");
  throw notPending(current);
}
