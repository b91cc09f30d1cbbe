import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Transaction } from "../../adapters/db/database";
import { investorReviews, investorVerifications } from "../../db/schema";
import { conflict } from "../../errors";
import { notifyInvestorDecision } from "../../notifications/investor-actions";
import { refuseOwnWallet } from "../auth/admin-role";
import { findVerification } from "./admin-view";
import type { VerificationRow } from "./status";

export type InvestorReviewDeps = Pick<FastifyInstance, "db" | "emailJobs">;

export const notPending = (row: Pick<VerificationRow, "status">) =>
  conflict(`The verification is ${row.status}, not pending`, "VERIFICATION_NOT_PENDING");

/**
 * A renewal superseded the wallet's approval when it was sent, while the credential that approval wrote stayed on
 * chain: rejecting the renewal puts that approval back in force (the row whose validity the live credential carries),
 * so the NIK stays held and an admin can still freeze or move the credential.
 */
async function reinstateLiveApproval(tx: Transaction, wallet: string): Promise<void> {
  await tx.execute(sql`update investor_verifications set status = 'approved'
    where id = (select v.id from investor_verifications v
                join chain_credentials c on c.wallet = v.wallet_address
                where v.wallet_address = ${wallet} and v.status = 'superseded' and c.tier > 0
                  and v.valid_until = c.valid_until
                order by v.reviewed_at desc nulls last limit 1)`);
}

/**
 * Rejects a pending verification with the reason the investor reads: status, audit row, the investor's notice and a
 * renewal's earlier approval put back, in one transaction, only while it is still pending and no approval is under
 * way (two admins cannot both win); never by the admin whose wallet it is.
 */
export async function rejectVerification(
  app: InvestorReviewDeps,
  id: string,
  adminAddress: string,
  reason: string,
): Promise<VerificationRow> {
  refuseOwnWallet(adminAddress, (await findVerification(app.db, id)).walletAddress);
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
    await reinstateLiveApproval(tx, row.walletAddress);
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
