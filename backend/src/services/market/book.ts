import {
  deriveInvoiceState,
  faceDiscount,
  type InvoiceStatusName,
  impliedYield,
  invoiceStateToJson,
  type MarketBook,
  type MarketBookEntry,
  type MarketBookQuery,
  type MarketOrderStatus,
  type MarketOrderView,
  type MarketSide,
  tradeCost,
  tradeFee,
} from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { badRequest } from "../../errors";
import { cachedInvoiceDisclosure } from "../disclosures/disclosures";
import { committedUpToSql, liveOrderSql } from "./commitments";
import type { OrderToFund } from "./funding";
import { readMarketState } from "./market";

/** An order's row with its stored status and fills. */
interface OrderRow {
  id: string;
  side: MarketSide;
  signer: string;
  nonce: string;
  token_id: string;
  shares: string;
  price: string;
  expiry: string;
  signature: string;
  status: "open" | "filled" | "cancelled";
  filled_shares: string;
  created_at: Date | string;
}

/** What the order's signer commits with it and its earlier live orders of its side (`committedUpToSql`). */
interface Committed {
  committed_shares: string;
  committed_cost: string;
}

/** A book row: the order and its invoice as the index holds it. */
interface BookRow extends OrderRow, Committed {
  farmer: string;
  invoice_status: InvoiceStatusName;
  funding_deadline: Date | string;
  maturity: Date | string | null;
  grace_days: number | null;
  settleable_at: Date | string | null;
  yield_bps: number;
  tenor_days: number;
}

const orderColumns = sql`o.id, o.side, o.signer, o.nonce::text as nonce, o.token_id::text as token_id,
  o.shares::text as shares, o.price::text as price, o.expiry::text as expiry, o.signature, o.status,
  o.filled_shares::text as filled_shares, o.created_at, k.shares::text as committed_shares,
  k.cost::text as committed_cost`;

const iso = (value: Date | string) => new Date(value).toISOString();
/** The chain's clock as the statements compare expiries with it: whole seconds. */
const secondsOf = (now: Date) => sql`${Math.floor(now.getTime() / 1000).toString()}::numeric`;
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** What the index holds of an order's signer that FarmNFT judges a fill by (`signerStateSql`). */
interface SignerState {
  /** Shares of the order's invoice it holds. */
  held: string;
  /** Frozen by a verifier: FarmNFT moves no shares out of the wallet, nor into it. */
  frozen: boolean;
  /** A credential FarmNFT lets receive shares now (tier above 0, not past its validUntil). */
  verified: boolean;
}

/**
 * An order as the API shows it: its stored status, or while it is still open: expired (past its expiry on the chain's
 * clock), frozen (its signer's wallet is frozen: FarmNFT refuses the fill either way), unverified (an offer whose
 * buyer's credential lapsed or was revoked: FarmNFT refuses to deliver it shares) or unfunded (a listing whose seller
 * holds fewer shares, `held` from the index, than it and the seller's earlier live listings of the invoice have left).
 */
function toView(row: OrderRow & Partial<Committed>, now: Date, signer?: SignerState): MarketOrderView {
  const shares = BigInt(row.shares);
  const filled = BigInt(row.filled_shares);
  const remaining = row.status === "open" && filled < shares ? shares - filled : 0n;
  let status: MarketOrderStatus = row.status;
  if (status === "open") {
    if (BigInt(row.expiry) * 1000n <= BigInt(now.getTime())) status = "expired";
    else if (signer?.frozen) status = "frozen";
    else if (row.side === "offer" && signer && !signer.verified) status = "unverified";
    else if (
      row.side === "listing" &&
      signer &&
      BigInt(signer.held) < BigInt(row.committed_shares ?? remaining)
    )
      status = "unfunded";
  }
  return {
    side: row.side,
    signer: row.signer,
    tokenId: row.token_id,
    shares: row.shares,
    price: row.price,
    expiry: row.expiry,
    nonce: row.nonce,
    signature: row.signature,
    expiresAt: new Date(Number(row.expiry) * 1000).toISOString(),
    status,
    filledShares: row.filled_shares,
    remaining: remaining.toString(),
    createdAt: iso(row.created_at),
  };
}

/** Where a page of the book ended: the last entry's price, time and id (the keyset). */
interface BookCursor {
  price: string;
  createdAt: string;
  id: string;
}

const encodeCursor = (cursor: BookCursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(text: string): BookCursor {
  try {
    const parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<BookCursor>;
    // Exactly what encodeCursor writes, so nothing crafted reaches the SQL casts.
    if (
      typeof parsed.price === "string" &&
      /^\d{1,78}$/.test(parsed.price) &&
      typeof parsed.createdAt === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(parsed.createdAt) &&
      !Number.isNaN(Date.parse(parsed.createdAt)) &&
      typeof parsed.id === "string" &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(parsed.id)
    )
      return { price: parsed.price, createdAt: parsed.createdAt, id: parsed.id };
  } catch {
    // Falls through to the same answer as a well-formed but wrong cursor.
  }
  throw badRequest("The cursor is not one this endpoint gave out");
}

/**
 * The keyset after `cursor`: listings go up in price then back in time, offers down in price then back in time; the
 * bound on price alone comes first so the index walk starts there.
 */
function afterCursor(side: MarketSide, cursor: BookCursor | null): SQL {
  if (!cursor) return sql``;
  const price = sql`${cursor.price}::numeric`;
  const at = sql`${cursor.createdAt}::timestamptz`;
  const id = sql`${cursor.id}::uuid`;
  if (side === "offer") return sql`and (o.price, o.created_at, o.id) < (${price}, ${at}, ${id})`;
  return sql`and o.price >= ${price} and (o.price > ${price} or (o.created_at, o.id) < (${at}, ${id}))`;
}

/**
 * The book's statement: live orders only, each checked in the same statement against the index (no per-row
 * follow-up): open with shares left, not past expiry on the chain's clock, not cancelled on chain, the invoice Funded
 * or Defaulted, and for a listing the seller not frozen (FarmNFT moves nothing out of a frozen wallet; a lapsed
 * credential still sends) and still holding what it and the seller's earlier live listings of the invoice have left
 * (its position; so the book never shows more than a seller holds), for an offer the buyer still holding a valid,
 * unfrozen credential; each row carries what its signer commits up to it (`committedUpToSql`), which
 * `unfillableOrders` judges an offer by. Ordered exactly as the partial indexes on market_orders are (drizzle
 * writes `desc nulls last`; a plain `desc` is nulls first and would sort), so a page is one index walk
 * (market-queries.explain.test.ts).
 */
export function bookSql(
  side: MarketSide,
  tokenId: bigint | null,
  nowSeconds: bigint,
  cursor: BookCursor | null,
  limit: number,
): SQL {
  const now = sql`${nowSeconds.toString()}::numeric`;
  const funded =
    side === "listing"
      ? sql`and coalesce((select p.shares from chain_positions p where p.token_id = o.token_id and p.holder = o.signer), 0)
              >= k.shares
            and not exists (select 1 from chain_credentials f where f.wallet = o.signer and f.frozen)`
      : sql`and exists (select 1 from chain_credentials k where k.wallet = o.signer and k.tier > 0 and not k.frozen
              and k.valid_until > ${now})`;
  const order =
    side === "listing"
      ? sql`order by o.price, o.created_at desc nulls last, o.id desc nulls last`
      : sql`order by o.price desc nulls last, o.created_at desc nulls last, o.id desc nulls last`;
  // The side is written out, not a parameter: a generic plan must still see which partial index it may use.
  return sql`
    select ${orderColumns}, c.farmer, c.status as invoice_status, c.funding_deadline, c.maturity, c.grace_days,
      c.settleable_at, c.yield_bps, c.tenor_days
    from market_orders o
    join chain_invoices c on c.token_id = o.token_id
    ${committedUpToSql(now)}
    where o.side = ${sql.raw(side === "listing" ? "'listing'" : "'offer'")} and o.status = 'open'
      ${tokenId === null ? sql`` : sql`and o.token_id = ${tokenId.toString()}::numeric`}
      and ${liveOrderSql("o", now)}
      and c.status in ('funded', 'defaulted')
      ${funded}
      ${afterCursor(side, cursor)}
    ${order}
    limit ${limit + 1}::int`;
}

/** Of a page's orders, those the chain would refuse now (see `unfillableOrders`); none when not asked. */
export type FundingCheck = (orders: OrderToFund[]) => Promise<Set<string>>;

/**
 * GET /api/market: one page of live orders of one side, best price first, then newest, with what judges the price.
 * Orders `unfillable` names are left out of the page (its cursor still follows the rows read).
 */
export async function readMarketBook(
  db: Executor,
  query: MarketBookQuery,
  now: Date,
  unfillable?: FundingCheck,
): Promise<MarketBook> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  const tokenId = query.tokenId === undefined ? null : BigInt(query.tokenId);
  const [rows, market] = await Promise.all([
    queryRows<BookRow>(db, bookSql(query.side, tokenId, nowSeconds, cursor, query.limit)),
    readMarketState(db),
  ]);
  const read = rows.slice(0, query.limit);
  const refused = unfillable
    ? await unfillable(
        read.map((row) => ({
          id: row.id,
          side: row.side,
          signer: row.signer,
          shares: BigInt(row.committed_shares),
          cost: BigInt(row.committed_cost),
        })),
      )
    : new Set<string>();
  const page = read.filter((row) => !refused.has(row.id));
  const disclosures = new Map(
    await Promise.all(
      [...new Set(page.map((row) => row.token_id))].map(
        async (token) => [token, await cachedInvoiceDisclosure(db, BigInt(token), now)] as const,
      ),
    ),
  );
  const items = page.map((row): MarketBookEntry => {
    const view = toView(row, now);
    const remaining = BigInt(view.remaining);
    const price = BigInt(row.price);
    const maturity = dateOrNull(row.maturity);
    const state = deriveInvoiceState(
      {
        status: row.invoice_status,
        fundingDeadline: new Date(row.funding_deadline),
        maturity,
        graceDays: row.grace_days,
        settleableAt: dateOrNull(row.settleable_at),
      },
      now,
    );
    const cost = tradeCost(remaining, price);
    const implied = impliedYield({
      shares: remaining,
      price,
      yieldBps: row.yield_bps,
      status: row.invoice_status,
      maturity,
      now,
    });
    const disclosure = disclosures.get(row.token_id);
    if (!disclosure) throw new Error(`no disclosure read for invoice ${row.token_id}`);
    return {
      ...view,
      invoice: {
        farmer: row.farmer,
        state: invoiceStateToJson(state),
        maturity: maturity?.toISOString() ?? null,
        yieldBps: row.yield_bps,
        tenorDays: row.tenor_days,
        overdue: state.name === "overdue",
        defaulted: row.invoice_status === "defaulted",
      },
      faceValue: remaining.toString(),
      cost: cost.toString(),
      fee: tradeFee(cost, market.feeBps).toString(),
      discountBps: faceDiscount(price),
      impliedYieldBps: implied.defined ? implied.termBps : null,
      impliedAnnualYieldBps: implied.defined ? implied.annualBps : null,
      daysToMaturity: implied.defined ? implied.daysLeft : null,
      impliedYieldUndefined: implied.defined ? null : implied.reason,
      farmerRecord: disclosure.farmerRecord,
      buyerRecord: disclosure.buyer,
    };
  });
  const last = read.at(-1);
  return {
    items,
    paused: market.paused,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ price: last.price, createdAt: iso(last.created_at), id: last.id })
        : null,
  };
}

/** Rows of orders with their commitments and what the index holds of their signer (for the statuses of `toView`). */
type OrderWithSigner = OrderRow & Committed & SignerState;

/** The signer's position in the order's invoice and its credential, as the index holds them at `now`. */
const signerStateSql = (now: SQL) => sql`coalesce((select p.shares from chain_positions p
    where p.token_id = o.token_id and p.holder = o.signer), 0)::text as held,
  coalesce((select f.frozen from chain_credentials f where f.wallet = o.signer), false) as frozen,
  exists (select 1 from chain_credentials f where f.wallet = o.signer and f.tier > 0 and f.valid_until > ${now})
    as verified`;

/**
 * GET /api/market/orders/mine: the wallet's own orders, newest first (at most the latest 200). An open order the book
 * leaves out says why: frozen or unverified (the wallet's credential), or unfunded: one its seller's position no longer
 * covers (with its earlier live listings), or one the chain would refuse (`unfillable`: the market's approval taken
 * back, the GOLD, allowance or limit room gone).
 */
export async function readMyOrders(
  db: Executor,
  signer: string,
  now: Date,
  unfillable?: FundingCheck,
): Promise<MarketOrderView[]> {
  const seconds = secondsOf(now);
  const rows = await queryRows<OrderWithSigner>(
    db,
    sql`select ${orderColumns}, ${signerStateSql(seconds)} from market_orders o ${committedUpToSql(seconds)}
        where o.signer = ${signer} order by o.created_at desc, o.id desc limit 200`,
  );
  const views = rows.map((row) => ({ row, view: toView(row, now, row) }));
  const open = views.filter(({ view }) => view.status === "open");
  const refused = unfillable
    ? await unfillable(
        open.map(({ row }) => ({
          id: row.id,
          side: row.side,
          signer: row.signer,
          shares: BigInt(row.committed_shares),
          cost: BigInt(row.committed_cost),
        })),
      )
    : new Set<string>();
  return views.map(({ row, view }) => (refused.has(row.id) ? { ...view, status: "unfunded" } : view));
}

/** One order by its signer and nonce, or null. */
export async function readOrder(
  db: Executor,
  signer: string,
  nonce: bigint,
  now: Date,
): Promise<MarketOrderView | null> {
  const seconds = secondsOf(now);
  const [row] = await queryRows<OrderWithSigner>(
    db,
    sql`select ${orderColumns}, ${signerStateSql(seconds)} from market_orders o ${committedUpToSql(seconds)}
        where o.signer = ${signer} and o.nonce = ${nonce.toString()}::numeric`,
  );
  return row ? toView(row, now, row) : null;
}
