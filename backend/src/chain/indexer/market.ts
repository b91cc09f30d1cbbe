import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import type { chainMarketCancels, chainMarketFills } from "../../db/schema/chain";
import type { RowOf } from "./bulk";
import type { ChainEventOf } from "./events";

/** One order of the book: its signer (checksummed) and nonce. */
export interface MarketOrderKey {
  signer: string;
  nonce: bigint;
}

export type MarketFillRow = RowOf<typeof chainMarketFills>;
export type MarketCancelRow = RowOf<typeof chainMarketCancels>;

/** A ListingFilled (the listing's seller signed) or an OfferAccepted (the offer's buyer signed) as its row. */
export function marketFillOf(
  event: ChainEventOf<"farmMarket.ListingFilled"> | ChainEventOf<"farmMarket.OfferAccepted">,
): MarketFillRow {
  const { seller, buyer, tokenId, nonce, shares, cost, fee } = event.args;
  const { id, blockNumber, blockTime, txHash, logIndex } = event;
  const kind = event.eventName === "ListingFilled" ? "listing" : "offer";
  const signer = kind === "listing" ? seller : buyer;
  return {
    id,
    kind,
    signer,
    seller,
    buyer,
    tokenId,
    nonce,
    shares,
    cost,
    fee,
    blockNumber,
    blockTime,
    txHash,
    logIndex,
  };
}

export function marketCancelOf(event: ChainEventOf<"farmMarket.NonceCancelled">): MarketCancelRow {
  const { signer, nonce } = event.args;
  const { id, blockNumber, blockTime, txHash } = event;
  return { id, signer, nonce, blockNumber, blockTime, txHash };
}

/**
 * Sets the filled shares and the stored status (open, filled, cancelled) of the given orders from the fills and
 * cancels the index holds now, in one statement. A pure function of those rows, so it is right after new events, after
 * a reorg dropped some (the rollback calls it for the orders the dropped blocks touched) and when an order is posted
 * after its first fill was indexed.
 */
export async function refreshMarketOrders(db: Executor, keys: readonly MarketOrderKey[]): Promise<void> {
  if (keys.length === 0) return;
  const unique = new Map(keys.map((key) => [`${key.signer}:${key.nonce}`, key]));
  const input = JSON.stringify(
    [...unique.values()].map((key) => ({ signer: key.signer, nonce: key.nonce.toString() })),
  );
  await db.execute(sql`
    update market_orders o set
      filled_shares = f.filled,
      status = case when f.cancelled then 'cancelled' when f.filled >= o.shares then 'filled' else 'open' end,
      updated_at = now()
    from (
      select k.signer, k.nonce::numeric as nonce,
        coalesce((select sum(x.shares) from chain_market_fills x
                  where x.signer = k.signer and x.nonce = k.nonce::numeric), 0) as filled,
        exists (select 1 from chain_market_cancels c where c.signer = k.signer and c.nonce = k.nonce::numeric)
          as cancelled
      from json_to_recordset(${input}::json) as k(signer text, nonce text)
    ) f
    where o.signer = f.signer and o.nonce = f.nonce
      and (o.filled_shares <> f.filled
           or o.status <> case when f.cancelled then 'cancelled' when f.filled >= o.shares then 'filled' else 'open' end)`);
}

/** The orders the market events after `ancestor` touched (read before a rollback deletes them). */
export async function marketOrdersTouchedAfter(db: Executor, ancestor: number): Promise<MarketOrderKey[]> {
  const rows = await queryRows<{ signer: string; nonce: string }>(
    db,
    sql`select signer, nonce::text as nonce from chain_market_fills where block_number > ${ancestor}
        union select signer, nonce::text from chain_market_cancels where block_number > ${ancestor}`,
  );
  return rows.map((row) => ({ signer: row.signer, nonce: BigInt(row.nonce) }));
}
