import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Hash } from "viem";
import { chainEvents, chainInvoices, chainPositions, indexerBlocks } from "../db/schema/chain";
import { foldInvoices } from "./apply-events";
import { type DbTransaction, queryRows } from "./db";
import type { ChainEvent, FarmContractName } from "./events";
import { eventKeyedTables } from "./tables";

/**
 * Undoes every block after `ancestor`: event-keyed rows of those blocks go, and the invoices and share balances they
 * touched are rebuilt from the events that remain. Runs inside the indexer's transaction.
 */
export async function rollbackAfter(tx: DbTransaction, chainId: number, ancestor: number): Promise<void> {
  const touched = await queryRows<{ token_id: string }>(
    tx,
    sql`select token_id from chain_events where block_number > ${ancestor} and token_id is not null
        union select token_id from chain_share_transfers where block_number > ${ancestor}`,
  );
  const tokenIds = touched.map((row) => BigInt(row.token_id));
  for (const table of eventKeyedTables) {
    await tx.execute(sql`delete from ${sql.raw(`"${table}"`)} where block_number > ${ancestor}`);
  }
  await tx
    .delete(indexerBlocks)
    .where(and(eq(indexerBlocks.chainId, chainId), gt(indexerBlocks.blockNumber, ancestor)));
  if (tokenIds.length === 0) return;

  await tx.delete(chainInvoices).where(inArray(chainInvoices.tokenId, tokenIds));
  const remaining = await tx
    .select()
    .from(chainEvents)
    .where(and(inArray(chainEvents.tokenId, tokenIds), eq(chainEvents.contract, "farmNft")))
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  const replay: ChainEvent[] = remaining.map((row) => ({
    id: row.id,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash as Hash,
    blockTime: new Date(0),
    txHash: row.txHash as Hash,
    logIndex: row.logIndex,
    contract: row.contract as FarmContractName,
    eventName: row.eventName,
    args: row.args as Record<string, unknown>,
  }));
  await foldInvoices(tx, replay, new Map());

  await tx.delete(chainPositions).where(inArray(chainPositions.tokenId, tokenIds));
  await tx.execute(sql`
    insert into chain_positions (token_id, holder, shares)
    select token_id, holder, sum(delta) from (
      select token_id, to_address as holder, shares as delta from chain_share_transfers
      union all
      select token_id, from_address as holder, -shares as delta from chain_share_transfers
    ) moves
    where holder <> '0x0000000000000000000000000000000000000000'
      and token_id in (select (jsonb_array_elements_text(${JSON.stringify(tokenIds.map(String))}::jsonb))::numeric)
    group by token_id, holder`);
}
