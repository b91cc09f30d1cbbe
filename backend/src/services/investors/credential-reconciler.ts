import { farmNftAbi } from "@farm/contracts";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Address } from "viem";
import { type InvestorChainAction, investorVerifications } from "../../db/schema";
import { operatorIdle } from "../invoices/submission-reconciler";
import { recordChainAction } from "./record-action";

export interface CredentialReconcileResult {
  completed: number;
  released: number;
  waiting: number;
}

/** Whether the chain's credential of the written wallet is what the action asked for (so it was mined). */
function matches(
  planned: InvestorChainAction,
  onChain: { tier: number; validUntil: number; limit: bigint; frozen: boolean },
): boolean {
  if (planned.action === "freeze") return onChain.frozen === planned.frozen;
  return (
    onChain.tier === planned.tier &&
    onChain.validUntil === planned.validUntil &&
    onChain.limit === BigInt(planned.limit)
  );
}

/**
 * Crash recovery of credential writes (decision 0051): a verification whose operator transaction was sent but never
 * recorded (a crash, a dropped receipt) is completed when FarmNFT's credential shows what it asked for, and released
 * (the admin may decide again) once older than `stuckAfterMs` with nothing of the operator's still pending. Each
 * change is conditional, so every instance may run it at once.
 */
export async function reconcileCredentialWrites(
  app: Pick<FastifyInstance, "db" | "chain" | "emailJobs">,
  options: { stuckAfterMs: number; now?: Date },
): Promise<CredentialReconcileResult> {
  const result: CredentialReconcileResult = { completed: 0, released: 0, waiting: 0 };
  const farmNft = app.chain.addresses?.farmNft;
  if (!farmNft) return result;
  const rows = await app.db
    .select()
    .from(investorVerifications)
    .where(isNotNull(investorVerifications.chainAction))
    .limit(100);
  const now = options.now ?? new Date();
  let idle: boolean | undefined;
  for (const row of rows) {
    const planned = row.chainAction!;
    const onChain = await app.chain.publicClient.readContract({
      address: farmNft,
      abi: farmNftAbi,
      functionName: "credentialOf",
      args: [planned.wallet as Address],
    });
    if (matches(planned, onChain)) {
      await recordChainAction(app, row.id, planned);
      result.completed += 1;
      continue;
    }
    idle ??= await operatorIdle(app.chain);
    if (now.getTime() - Date.parse(planned.startedAt) < options.stuckAfterMs || !idle) {
      result.waiting += 1;
      continue;
    }
    const released = await app.db
      .update(investorVerifications)
      .set({ chainAction: null })
      .where(
        and(
          eq(investorVerifications.id, row.id),
          sql`${investorVerifications.chainAction}->>'startedAt' = ${planned.startedAt}`,
        ),
      )
      .returning({ id: investorVerifications.id });
    result.released += released.length;
  }
  return result;
}
