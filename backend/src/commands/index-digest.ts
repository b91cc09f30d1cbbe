import { sql } from "drizzle-orm";
import type { Database } from "../adapters/db/database";
import { queryRows } from "../adapters/db/database";
import type { ChainHookRegistry } from "../chain/hooks/registry";
import { rollbackAfter } from "../chain/indexer/rollback";

/**
 * What the chain determines, as row expressions per table or view: every chain index table whole (block times come
 * from the chain), and the game's chain-derived state without its local timestamps. The indexer's own bookkeeping
 * (indexer_cursor, indexer_blocks) is left out: it records how far and in which ranges an index got, not what it holds.
 */
export const chainDeterminedRows: readonly { table: string; row: string; where?: string }[] = [
  // GOLD's ERC-20 Transfer and Approval (decision 0064) and FarmNFT's Invested (0065) are no longer stored: an index
  // written before keeps them.
  {
    table: "chain_events",
    row: "t.*",
    where:
      "not (t.contract = 'goldToken' and t.event_name in ('Transfer', 'Approval')) and not (t.contract = 'farmNft' and t.event_name = 'Invested')",
  },
  { table: "chain_invoices", row: "t.*" },
  { table: "chain_investments", row: "t.*" },
  { table: "chain_share_transfers", row: "t.*" },
  { table: "chain_positions", row: "t.*" },
  { table: "chain_harvests", row: "t.*" },
  { table: "chain_refunds", row: "t.*" },
  { table: "chain_repayments", row: "t.*" },
  { table: "chain_faucet_claims", row: "t.*" },
  { table: "chain_credentials", row: "t.*" },
  { table: "chain_vault_flows", row: "t.*" },
  { table: "chain_market_fills", row: "t.*" },
  { table: "chain_market_cancels", row: "t.*" },
  // The book's orders are posted, not indexed; what the index sets of them is their fills and status.
  {
    table: "market_orders",
    row: "t.signer, t.nonce, t.filled_shares, t.status",
    where: "t.filled_shares > 0 or t.status <> 'open'",
  },
  { table: "xp_grants", row: "t.event_key, t.address, t.xp" },
  {
    table: "players",
    row: "t.address, t.xp, t.level, t.invested, t.yield_earned",
    // A player whose only chain events were dropped keeps an emptied row; a fresh index never made one.
    where: "t.xp > 0 or t.invested > 0 or t.yield_earned > 0",
  },
];

/** The index tables a rebuild empties (the views follow chain_events). */
const indexTables = [
  "chain_events",
  "chain_invoices",
  "chain_investments",
  "chain_positions",
  "chain_harvests",
  "chain_refunds",
  "chain_repayments",
  "chain_faucet_claims",
  "chain_credentials",
  "chain_market_fills",
  "chain_market_cancels",
  "indexer_cursor",
  "indexer_blocks",
];

export interface TableDigest {
  table: string;
  rows: number;
  /** md5 of the rows' text, sorted: independent of insertion order and row-local ids. */
  md5: string;
}

/** One order-independent digest per chain-determined table: two indexes of one chain are equal when these are. */
export async function chainDigests(db: Database): Promise<TableDigest[]> {
  const digests: TableDigest[] = [];
  for (const { table, row, where } of chainDeterminedRows) {
    const [result] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as md5
        from (select (row(${row}))::text as r from ${table} t ${where ? `where ${where}` : ""}) rows`),
    );
    digests.push({ table, rows: result?.rows ?? 0, md5: result?.md5 ?? "" });
  }
  return digests;
}

/**
 * Empties the whole index for a rebuild from the deployment block. The game's grants for every indexed event are
 * first taken back through the same path a reorg takes (so XP, scores and levels lose exactly what the chain gave),
 * then every index table is emptied. Run while holding the indexer lock, so no instance writes in between.
 */
export async function wipeChainIndex(db: Database, chainId: number, hooks: ChainHookRegistry): Promise<void> {
  await db.transaction(async (tx) => {
    await rollbackAfter(tx, chainId, -1, hooks);
    for (const table of indexTables) await tx.execute(sql.raw(`delete from ${table}`));
  });
}
