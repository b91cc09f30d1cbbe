import type { FarmerStatus } from "@farm/core";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { farmerReviews, farmers } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { notifyKycDecision } from "../../notifications/actions";
import type { FarmerRow } from "./farmer-view";

/** What a KYC review uses: the database, and the identity cache it refreshes. */
export type ReviewDeps = Pick<FastifyInstance, "db" | "identity">;

export type ReviewDecision = { action: "approve" } | { action: "reject"; reason: string };

/**
 * An admin's decision on a pending registration. The status change and its audit row (who, when, before, after)
 * are written in one transaction, and only a registration still pending can be decided, so two admins deciding at
 * once cannot both win.
 */
export async function reviewFarmer(
  app: ReviewDeps,
  farmerId: string,
  adminAddress: string,
  decision: ReviewDecision,
): Promise<FarmerRow> {
  const statusAfter: FarmerStatus = decision.action === "approve" ? "approved" : "rejected";
  const reason = decision.action === "reject" ? decision.reason : null;
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(farmers)
      .set({ status: statusAfter, rejectionReason: reason, reviewedAt: new Date(), reviewedBy: adminAddress })
      .where(and(eq(farmers.id, farmerId), eq(farmers.status, "pending_review")))
      .returning();
    if (!row) return null;
    await tx.insert(farmerReviews).values({
      farmerId,
      adminAddress,
      action: decision.action,
      statusBefore: "pending_review",
      statusAfter,
      reason,
    });
    await notifyKycDecision(tx, row);
    return row;
  });
  if (updated === null) {
    const [current] = await app.db
      .select({ status: farmers.status })
      .from(farmers)
      .where(eq(farmers.id, farmerId));
    if (!current) throw notFound("No such farmer");
    throw conflict(`The registration is ${current.status}, not pending review`, "FARMER_NOT_PENDING");
  }
  await app.identity.invalidate(updated.walletAddress);
  return updated;
}
