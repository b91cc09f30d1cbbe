import { farmNftAbi } from "@farm/contracts";
import { and, eq, lt } from "drizzle-orm";
import type { Hash } from "viem";
import type { Database } from "../../adapters/db/database";
import { findDeploymentBlock } from "../../chain/adapter";
import type { ChainRuntime } from "../../chain/runtime";
import { chainInvoices } from "../../db/schema/chain";
import { invoices } from "../../db/schema/invoices";

export type InvoiceRow = typeof invoices.$inferSelect;

/** The contracts' deployment block: configured, from the deployment file, or found on chain once and kept. */
export async function deploymentBlockOf(chain: ChainRuntime): Promise<number> {
  if (chain.deploymentBlock === undefined && chain.addresses)
    chain.deploymentBlock = await findDeploymentBlock(chain.publicClient, chain.addresses.goldToken);
  return chain.deploymentBlock ?? 0;
}

/**
 * The InvoiceSubmitted log of invoice `tokenId`: read from the block the index recorded it in when it has, else from
 * the deployment block on. Never from block 0, which real L2 nodes refuse. Undefined when none is found (yet).
 */
export async function findSubmissionLog(db: Database, chain: ChainRuntime, tokenId: bigint) {
  const farmNft = chain.addresses?.farmNft;
  if (!farmNft) return undefined;
  const [indexed] = await db
    .select({ block: chainInvoices.submittedBlock })
    .from(chainInvoices)
    .where(eq(chainInvoices.tokenId, tokenId));
  const fromBlock = BigInt(indexed?.block ?? (await deploymentBlockOf(chain)));
  const [submitted] = await chain.publicClient.getContractEvents({
    address: farmNft,
    abi: farmNftAbi,
    eventName: "InvoiceSubmitted",
    args: { tokenId },
    fromBlock,
    ...(indexed ? { toBlock: fromBlock } : {}),
  });
  return submitted;
}

/** The hash of the transaction that submitted invoice `tokenId`, or null when none is found (yet). */
export async function findSubmissionTx(
  db: Database,
  chain: ChainRuntime,
  tokenId: bigint,
): Promise<Hash | null> {
  return (await findSubmissionLog(db, chain, tokenId))?.transactionHash ?? null;
}

/**
 * Completes a 'submitting' row whose invoice the chain holds (found by its reference hash, for the same farmer): a
 * crash between the transaction and the row's completion leaves it so. Returns the completed row, or null when the
 * chain does not hold it (yet).
 */
export async function completeIfMined(
  db: Database,
  chain: ChainRuntime,
  row: InvoiceRow,
): Promise<InvoiceRow | null> {
  const farmNft = chain.addresses?.farmNft;
  if (!farmNft) return null;
  const tokenId = await chain.publicClient.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "tokenIdByReference",
    args: [row.referenceHash as Hash],
  });
  if (tokenId === 0n) return null;
  const txHash = await findSubmissionTx(db, chain, tokenId);
  if (txHash === null) return null;
  const [done] = await db
    .update(invoices)
    .set({ tokenId, txHash, submissionState: "submitted" })
    .where(and(eq(invoices.id, row.id), eq(invoices.submissionState, "submitting")))
    .returning();
  if (done) return done;
  // Completed meanwhile by the request itself or another instance.
  const [current] = await db.select().from(invoices).where(eq(invoices.id, row.id));
  return current ?? null;
}

/** True when the operator has no transaction waiting in the node's pool: nothing unmined can still be mined. */
export async function operatorIdle(chain: ChainRuntime): Promise<boolean> {
  if (!chain.operator) return true;
  const address = chain.operator.address;
  const [pending, mined] = await Promise.all([
    chain.publicClient.getTransactionCount({ address, blockTag: "pending" }),
    chain.publicClient.getTransactionCount({ address, blockTag: "latest" }),
  ]);
  return pending === mined;
}

export interface ReconcileResult {
  completed: number;
  released: number;
  waiting: number;
}

/**
 * Crash recovery of invoice submissions. Every row left in 'submitting' is compared with the chain: one the chain
 * holds is completed (a retry with its Idempotency-Key then answers 201 with the token id), one it does not hold is
 * released (deleted, so the farmer can submit again) once it is older than `stuckAfterMs` and the operator has no
 * transaction pending that could still mine it. Safe to run on every instance at once: each change is conditional.
 */
export async function reconcileSubmissions(
  db: Database,
  chain: ChainRuntime,
  options: { stuckAfterMs: number; now?: Date; batch?: number },
): Promise<ReconcileResult> {
  const result: ReconcileResult = { completed: 0, released: 0, waiting: 0 };
  if (!chain.addresses) return result;
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.submissionState, "submitting"))
    .orderBy(invoices.createdAt)
    .limit(options.batch ?? 200);
  if (rows.length === 0) return result;
  const now = options.now ?? new Date();
  let idle: boolean | undefined;
  for (const row of rows) {
    if (await completeIfMined(db, chain, row)) {
      result.completed += 1;
      continue;
    }
    if (now.getTime() - row.createdAt.getTime() < options.stuckAfterMs) {
      result.waiting += 1;
      continue;
    }
    idle ??= await operatorIdle(chain);
    if (!idle) {
      result.waiting += 1;
      continue;
    }
    const cutoff = new Date(now.getTime() - options.stuckAfterMs);
    const released = await db
      .delete(invoices)
      .where(
        and(
          eq(invoices.id, row.id),
          eq(invoices.submissionState, "submitting"),
          lt(invoices.createdAt, cutoff),
        ),
      )
      .returning({ id: invoices.id });
    if (released.length > 0) result.released += 1;
  }
  return result;
}
