import { formatGold, MARKET_PRICE_SCALE, tradeCost } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { AppError, unprocessable } from "../../errors";

/**
 * What a signer has committed in the book: the remaining shares of its live listings (per invoice) and the remaining
 * shares and GOLD cost of its live offers (across invoices). Each order is judged against what the signer holds with
 * every earlier live order of its kind counted first, in posting order (created_at, id): a new order must fit on top
 * of all of them when posted, and the book serves an order only while it and those before it fit (decision 0058).
 */

/** An order (aliased `alias`) the book counts: open, shares left, unexpired on the chain's clock, not cancelled. */
export function liveOrderSql(alias: "o" | "e", now: SQL): SQL {
  const o = sql.raw(alias);
  return sql`${o}.status = 'open' and ${o}.expiry > ${now} and ${o}.shares > ${o}.filled_shares
    and not exists (select 1 from chain_market_cancels x where x.signer = ${o}.signer and x.nonce = ${o}.nonce)`;
}

/** Shares left of the order aliased `e`, and the GOLD they cost (`tradeCost`: rounded up). */
const remaining = sql`(e.shares - e.filled_shares)`;
const cost = sql`div(${remaining} * e.price + ${(MARKET_PRICE_SCALE - 1n).toString()}::numeric,
  ${MARKET_PRICE_SCALE.toString()}::numeric)`;

/** The orders aliased `e` whose invoice still trades (the index's Funded or Defaulted): the others cannot fill. */
const tradableInvoice = sql`exists (select 1 from chain_invoices i where i.token_id = e.token_id
  and i.status in ('funded', 'defaulted'))`;

/**
 * A lateral join `k` (columns `shares`, `cost`) onto the order aliased `o`: the remaining shares and GOLD cost of its
 * signer's live orders of its side up to and including it in posting order, listings of its invoice only (none for an
 * order no longer open). Each probe walks the signer's open orders of that side (`market_orders_signer_open_idx`),
 * which the open-order cap bounds.
 */
export function committedUpToSql(now: SQL): SQL {
  return sql`cross join lateral (
    select coalesce(sum(${remaining}), 0) as shares, coalesce(sum(${cost}), 0) as cost
    from market_orders e
    where o.status = 'open' and e.signer = o.signer and e.side = o.side and e.status = 'open'
      and (e.created_at, e.id) <= (o.created_at, o.id)
      and (e.side = 'offer' or e.token_id = o.token_id)
      and ${liveOrderSql("e", now)} and ${tradableInvoice}
  ) k`;
}

/** What one signer has live in the book now, as a new order of `tokenId` is judged. */
export interface Commitments {
  /** Live orders of either side, on any invoice. */
  orders: number;
  /** Shares left in its live listings of `tokenId`. */
  listed: bigint;
  /** Shares left in its live offers (the principal a fill would add to its outstanding). */
  offered: bigint;
  /** GOLD its live offers would pay for them. */
  offeredCost: bigint;
}

/** A signer's live orders counted and summed in one statement (run under its lock, see `postMarketOrder`). */
export async function readCommitments(
  db: Executor,
  signer: string,
  tokenId: bigint,
  nowSeconds: bigint,
): Promise<Commitments> {
  const offer = sql`filter (where e.side = 'offer')`;
  const [row] = await queryRows<{ orders: number; listed: string; offered: string; cost: string }>(
    db,
    sql`select count(*)::int as orders,
          coalesce(sum(${remaining}) filter (where e.side = 'listing' and e.token_id = ${tokenId.toString()}::numeric),
            0)::text as listed,
          coalesce(sum(${remaining}) ${offer}, 0)::text as offered, coalesce(sum(${cost}) ${offer}, 0)::text as cost
        from market_orders e
        where e.signer = ${signer} and e.status = 'open'
          and ${liveOrderSql("e", sql`${nowSeconds.toString()}::numeric`)} and ${tradableInvoice}`,
  );
  return {
    orders: row?.orders ?? 0,
    listed: BigInt(row?.listed ?? 0),
    offered: BigInt(row?.offered ?? 0),
    offeredCost: BigInt(row?.cost ?? 0),
  };
}

/**
 * What the chain says a signer can put behind its orders: for a listing the shares of the invoice it holds; for an
 * offer the GOLD it holds and lets the market take (the lesser of the two) and the room its credential's limit leaves
 * (limit less outstanding principal).
 */
export type SignerFunds = { side: "listing"; held: bigint } | { side: "offer"; gold: bigint; room: bigint };

const gold = (amount: bigint) => `${formatGold(amount, 18)} GOLD`;

/**
 * Refuses a new order that would take its signer past the open-order cap (409 TOO_MANY_OPEN_ORDERS) or that does not
 * fit on top of what its live orders commit already (422 LISTINGS_EXCEED_SHARES, OFFERS_EXCEED_FUNDS), each saying
 * what is committed and what to do.
 */
export function checkCommitments(
  order: { shares: bigint; price: bigint },
  funds: SignerFunds,
  open: Commitments,
  maxOpenOrders: number,
): void {
  if (open.orders >= maxOpenOrders)
    throw new AppError(
      409,
      "TOO_MANY_OPEN_ORDERS",
      `This wallet has ${open.orders} open orders, the most one wallet may have (${maxOpenOrders}): cancel one, or wait ` +
        "until one fills or expires, before posting another",
      { limit: maxOpenOrders, open: open.orders },
    );
  const rest = (have: bigint, committed: bigint) => (have > committed ? have - committed : 0n);
  if (funds.side === "listing") {
    if (open.listed + order.shares <= funds.held) return;
    const left = rest(funds.held, open.listed);
    throw unprocessable(
      "LISTINGS_EXCEED_SHARES",
      `Your open listings of this invoice already offer ${gold(open.listed)} of the ${gold(funds.held)} of shares ` +
        `this wallet holds, so at most ${gold(left)} more can be listed: cancel a listing or list fewer shares`,
      { held: funds.held.toString(), listed: open.listed.toString(), available: left.toString() },
    );
  }
  const cost = tradeCost(order.shares, order.price);
  const details = {
    gold: funds.gold.toString(),
    offeredCost: open.offeredCost.toString(),
    cost: cost.toString(),
    room: funds.room.toString(),
    offered: open.offered.toString(),
  };
  if (open.offeredCost + cost > funds.gold)
    throw unprocessable(
      "OFFERS_EXCEED_FUNDS",
      `Your open offers already pay ${gold(open.offeredCost)} of the ${gold(funds.gold)} this wallet holds and lets ` +
        `the market take, and this one pays ${gold(cost)}: cancel an offer or offer less`,
      { ...details, limitedBy: "gold" },
    );
  if (open.offered + order.shares > funds.room)
    throw unprocessable(
      "OFFERS_EXCEED_FUNDS",
      `Your open offers already buy ${gold(open.offered)} of the ${gold(funds.room)} of shares your investment ` +
        `limit leaves room for, and this one buys ${gold(order.shares)}: cancel an offer or offer less`,
      { ...details, limitedBy: "limit" },
    );
}
