import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Address, Hash } from "viem";
import { queryRows, type Transaction } from "../../adapters/db/database";
import {
  chainEvents,
  chainHarvests,
  chainInvestments,
  chainInvoices,
  chainPositions,
  chainRefunds,
  indexerBlocks,
} from "../../db/schema/chain";
import type { ChainHookRegistry, DroppedEvents } from "../hooks/registry";
import { foldInvoices } from "./apply-events";
import { credentialWalletsAfterSql, rebuildCredentials } from "./credentials";
import { reviveStoredEvent } from "./decode";
import type { ChainEvent, ChainEventOf } from "./events";
import { marketOrdersTouchedAfter, refreshMarketOrders } from "./market";
import { eventKeyedTables } from "./tables";

/**
 * The block hash of an investment's block. Invested has no `chain_events` row (decision 0065), but the share mint of the
 * same transaction has one, written with it on both write paths.
 */
const investmentBlockHash = sql<string | null>`(select e.block_hash from chain_events e
  where e.block_number = chain_investments.block_number and e.tx_hash = chain_investments.tx_hash limit 1)`;

/**
 * The Invested events of the given invoices' remaining investments, in chain order. Their totals are the running sums
 * of the amounts: an invest is the only thing that moves an invoice's funded amount (FarmNFTFunding.invest).
 */
async function remainingInvested(
  tx: Transaction,
  tokenIds: bigint[],
): Promise<ChainEventOf<"farmNft.Invested">[]> {
  const rows = await tx
    .select({ row: chainInvestments, blockHash: investmentBlockHash })
    .from(chainInvestments)
    .where(inArray(chainInvestments.tokenId, tokenIds))
    .orderBy(asc(chainInvestments.blockNumber), asc(chainInvestments.logIndex));
  const totals = new Map<bigint, bigint>();
  return rows.map(({ row, blockHash }) => {
    const totalFunded = (totals.get(row.tokenId) ?? 0n) + row.amount;
    totals.set(row.tokenId, totalFunded);
    return {
      id: row.id,
      blockNumber: row.blockNumber,
      blockHash: (blockHash ?? "") as Hash,
      blockTime: row.blockTime,
      txHash: row.txHash as Hash,
      logIndex: row.logIndex,
      contract: "farmNft",
      eventName: "Invested",
      args: { tokenId: row.tokenId, investor: row.investor as Address, amount: row.amount, totalFunded },
    };
  });
}

/** Events in chain order. */
const inChainOrder = (events: ChainEvent[]): ChainEvent[] =>
  events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);

/**
 * The investments, harvests and refunds recorded after `ancestor`, except those `kept` names with the same block hash
 * (events about to be written again unchanged).
 */
async function droppedEventsAfter(
  tx: Transaction,
  ancestor: number,
  kept: ReadonlyMap<string, string>,
): Promise<DroppedEvents> {
  const isKept = (id: string, blockHash: string | null) => blockHash !== null && kept.get(id) === blockHash;
  const investments = await tx
    .select({ row: chainInvestments, blockHash: investmentBlockHash })
    .from(chainInvestments)
    .where(gt(chainInvestments.blockNumber, ancestor));
  const harvests = await tx
    .select({ row: chainHarvests, blockHash: chainEvents.blockHash })
    .from(chainHarvests)
    .leftJoin(chainEvents, eq(chainEvents.id, chainHarvests.id))
    .where(gt(chainHarvests.blockNumber, ancestor));
  const refunds = await tx
    .select({ row: chainRefunds, blockHash: chainEvents.blockHash })
    .from(chainRefunds)
    .leftJoin(chainEvents, eq(chainEvents.id, chainRefunds.id))
    .where(gt(chainRefunds.blockNumber, ancestor));
  return {
    investments: investments
      .filter(({ row, blockHash }) => !isKept(row.id, blockHash))
      .map(({ row }) => ({ ...row, investor: row.investor as Address, txHash: row.txHash as Hash })),
    harvests: harvests
      .filter(({ row, blockHash }) => !isKept(row.id, blockHash))
      .map(({ row }) => ({ ...row, holder: row.holder as Address, txHash: row.txHash as Hash })),
    refunds: refunds
      .filter(({ row, blockHash }) => !isKept(row.id, blockHash))
      .map(({ row }) => ({ ...row, holder: row.holder as Address, txHash: row.txHash as Hash })),
  };
}

/**
 * Undoes every block after `ancestor`: event-keyed rows of those blocks go, and the invoices and share balances they
 * touched are rebuilt from the events that remain. Runs inside the indexer's transaction. Before the rows go, the
 * hooks' onEventsDropped takes back what was granted for the dropped investments, harvests and refunds; `kept` names
 * events (id -> block hash) the caller writes again in the same transaction, which are not dropped.
 */
export async function rollbackAfter(
  tx: Transaction,
  chainId: number,
  ancestor: number,
  hooks: ChainHookRegistry,
  kept: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (hooks.hasDropHooks) {
    const dropped = await droppedEventsAfter(tx, ancestor, kept);
    if (dropped.investments.length + dropped.harvests.length + dropped.refunds.length > 0) {
      await hooks.eventsDropped(tx, dropped);
    }
  }
  const touched = await queryRows<{ token_id: string }>(
    tx,
    sql`select token_id from chain_events where block_number > ${ancestor} and token_id is not null
        union select token_id from chain_share_transfers where block_number > ${ancestor}`,
  );
  const tokenIds = touched.map((row) => BigInt(row.token_id));
  const credentialWallets = await queryRows<{ wallet: string }>(tx, credentialWalletsAfterSql(ancestor));
  const marketOrders = await marketOrdersTouchedAfter(tx, ancestor);
  for (const table of eventKeyedTables) {
    await tx.execute(sql`delete from ${table} where ${table.blockNumber} > ${ancestor}`);
  }
  await tx
    .delete(indexerBlocks)
    .where(and(eq(indexerBlocks.chainId, chainId), gt(indexerBlocks.blockNumber, ancestor)));
  await rebuildCredentials(
    tx,
    credentialWallets.map((row) => row.wallet),
  );
  // The book's orders the dropped fills and cancels touched go back to what the remaining ones say.
  await refreshMarketOrders(tx, marketOrders);
  if (tokenIds.length === 0) return;

  await tx.delete(chainInvoices).where(inArray(chainInvoices.tokenId, tokenIds));
  const remaining = await tx
    .select()
    .from(chainEvents)
    // An index written before decision 0065 still holds Invested rows: the investments come from chain_investments.
    .where(
      and(
        inArray(chainEvents.tokenId, tokenIds),
        eq(chainEvents.contract, "farmNft"),
        ne(chainEvents.eventName, "Invested"),
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  const stored: ChainEvent[] = [];
  for (const row of remaining) {
    const event = reviveStoredEvent(row);
    if (event) stored.push(event);
  }
  await foldInvoices(tx, inChainOrder([...stored, ...(await remainingInvested(tx, tokenIds))]), new Map());

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
