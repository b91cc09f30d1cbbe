import type { FarmerStatus, RefusedItems } from "@farm/core";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { farmerReviews, farmers } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { notifyKycDecision } from "../../notifications/actions";
import { refuseOwnWallet } from "../auth/admin-role";
import type { FarmerRow } from "./farmer-view";

/** What a KYC review uses: the database, the identity cache it refreshes, and the e-mail jobs of its notice. */
export type ReviewDeps = Pick<FastifyInstance, "db" | "identity" | "emailJobs">;

export type ReviewDecision =
  | { action: "approve" }
  | { action: "reject"; reason: string | undefined; refused?: RefusedItems | undefined };

/** Each refused item once; null when nothing in particular was refused (a reason alone). */
function refusedOnce(refused: RefusedItems | undefined): RefusedItems | null {
  if (!refused || refused.documents.length + refused.fields.length === 0) return null;
  return { documents: [...new Set(refused.documents)], fields: [...new Set(refused.fields)] };
}

/**
 * An admin's decision on a pending registration. The status change and its audit row (who, when, before, after)
 * are written in one transaction, and only a registration still pending can be decided, so two admins deciding at
 * once cannot both win. No admin decides its own wallet's registration.
 */
export async function reviewFarmer(
  app: ReviewDeps,
  farmerId: string,
  adminAddress: string,
  decision: ReviewDecision,
): Promise<FarmerRow> {
  const statusAfter: FarmerStatus = decision.action === "approve" ? "approved" : "rejected";
  const reason = decision.action === "reject" ? (decision.reason ?? null) : null;
  const refusedItems = decision.action === "reject" ? refusedOnce(decision.refused) : null;
  const [reviewed] = await app.db
    .select({ wallet: farmers.walletAddress })
    .from(farmers)
    .where(eq(farmers.id, farmerId));
  if (!reviewed) throw notFound("No such farmer");
  refuseOwnWallet(adminAddress, reviewed.wallet);
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(farmers)
      .set({
        status: statusAfter,
        rejectionReason: reason,
        refusedItems,
        reviewedAt: new Date(),
        reviewedBy: adminAddress,
      })
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
      refusedItems,
    });
    await notifyKycDecision(tx, app.emailJobs, row);
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
