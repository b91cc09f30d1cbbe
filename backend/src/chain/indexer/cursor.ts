import { eq, gt, max, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../adapters/db/database";
import { chainEvents, indexerCursor } from "../../db/schema/chain";

/** The index's cursor: the last block it holds and that block's hash ("" before the first range). */
export interface Cursor {
  block: number;
  hash: string;
}

/** The last block the index holds, read from the shared cursor (so followers report it too); null before the first. */
export async function indexedBlock(db: Database, chainId: number): Promise<number | null> {
  const [row] = await db
    .select({ lastBlock: indexerCursor.lastBlock })
    .from(indexerCursor)
    .where(eq(indexerCursor.chainId, chainId));
  return row ? row.lastBlock : null;
}

/** Creates the cursor just before the deployment block, unless it exists. */
export async function ensureCursor(db: Database, chainId: number, firstBlock: number): Promise<void> {
  await db
    .insert(indexerCursor)
    .values({ chainId, lastBlock: firstBlock - 1, lastBlockHash: "" })
    .onConflictDoNothing();
}

/** Reads the cursor; inside a transaction it is locked FOR UPDATE, so one writer moves it at a time. */
export async function readCursor(db: Database, chainId: number, tx?: Transaction): Promise<Cursor> {
  const query = (tx ?? db).select().from(indexerCursor).where(eq(indexerCursor.chainId, chainId));
  const [row] = tx ? await query.for("update") : await query;
  if (!row) throw new Error("indexer cursor row is missing");
  return { block: row.lastBlock, hash: row.lastBlockHash };
}

export async function moveCursor(tx: Transaction, chainId: number, to: Cursor): Promise<void> {
  await tx
    .update(indexerCursor)
    .set({ lastBlock: to.block, lastBlockHash: to.hash, updatedAt: new Date() })
    .where(eq(indexerCursor.chainId, chainId));
}

/** The last block of rows recorded after `block` (by the crop sync), or 0. */
export async function lastBlockAhead(db: Database, block: number): Promise<number> {
  const [row] = await db
    .select({ last: max(chainEvents.blockNumber) })
    .from(chainEvents)
    .where(gt(chainEvents.blockNumber, block));
  return Number(row?.last ?? 0);
}

/**
 * For writers of index rows other than the indexer (the crop sync), first thing in their transaction: waits while the
 * indexer writes a range (it holds the cursor row FOR UPDATE), and keeps it from starting one until this transaction
 * ends, so the rows the indexer appends to the blocks after its cursor never meet a concurrent insert.
 */
export async function holdIndexCursor(tx: Transaction, chainId: number): Promise<void> {
  await tx.execute(sql`select 1 from indexer_cursor where chain_id = ${chainId} for share`);
}
