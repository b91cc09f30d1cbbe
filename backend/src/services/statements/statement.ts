import {
  financingFee,
  type Statement,
  type StatementEntry,
  type StatementQuery,
  wibDayStart,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { payloadTooLarge } from "../../errors";

/** The most share-transfer blocks one statement reads times for from the chain (the index keeps no time for them). */
export const STATEMENT_TRANSFER_BLOCKS_LIMIT = 2_000;

const ZERO = "0x0000000000000000000000000000000000000000";

interface MovementRow {
  kind: StatementEntry["kind"];
  at: Date | string | null;
  block_number: string | number;
  log_order: string;
  token_id: string;
  shares: string;
  principal: string;
  yield: string;
  tx_hash: string;
  /** Farmer repayments: the invoice's principal and yield and the running total after this repayment. */
  invoice_amount?: string;
  yield_bps?: number;
  total_repaid?: string;
  late_fee?: string;
  /** Seed market sales: the fee taken from the cost. */
  fee?: string;
}

/**
 * Every share movement of an investor: investments, harvests (claims on settled invoices), refunds, seed market trades
 * (with the GOLD paid or received) and other transfers. A trade's share transfer is the trade, not a transfer too.
 */
function investorMovements(db: Executor, address: string) {
  return queryRows<MovementRow>(
    db,
    sql`select 'invested' as kind, v.block_time as at, v.block_number, v.id as log_order, v.token_id::text,
        v.amount::text as shares, v.amount::text as principal, '0' as yield, v.tx_hash, '0' as fee
      from chain_investments v where v.investor = ${address}
      union all
      select case when c.status = 'settled' then 'settlementClaim' else 'harvested' end, h.block_time, h.block_number,
        h.id, h.token_id::text, h.shares::text, h.principal::text, h.yield::text, h.tx_hash, '0'
      from chain_harvests h join chain_invoices c on c.token_id = h.token_id where h.holder = ${address}
      union all
      select 'refunded', r.block_time, r.block_number, r.id, r.token_id::text, r.shares::text, r.shares::text, '0', r.tx_hash,
        '0'
      from chain_refunds r where r.holder = ${address}
      union all
      select case when m.buyer = ${address} then 'marketBuy' else 'marketSell' end, m.block_time, m.block_number, m.id,
        m.token_id::text, m.shares::text, (case when m.buyer = ${address} then m.cost else m.cost - m.fee end)::text, '0',
        m.tx_hash, (case when m.buyer = ${address} then 0 else m.fee end)::text
      from chain_market_fills m where (m.buyer = ${address} or m.seller = ${address}) and m.buyer <> m.seller
      union all
      select case when t.to_address = ${address} then 'transferIn' else 'transferOut' end, null, t.block_number, t.id,
        t.token_id::text, t.shares::text, '0', '0', split_part(t.id, ':', 1), '0'
      from chain_share_transfers t
      where (t.from_address = ${address} or t.to_address = ${address}) and t.from_address <> t.to_address
        and t.from_address <> ${ZERO} and t.to_address <> ${ZERO}
        and not exists (select 1 from chain_market_fills m
          where m.seller = t.from_address and m.buyer = t.to_address and m.token_id = t.token_id
            and lower(m.tx_hash) = split_part(t.id, ':', 1))`,
  );
}

/**
 * A farmer's invoices: principal received at funding, then each repayment split in the order the contract applies
 * it (decision 0057): principal first, then the financing fee, then any late fee.
 */
async function farmerMovements(db: Executor, address: string): Promise<MovementRow[]> {
  const rows = await queryRows<MovementRow>(
    db,
    sql`select 'funded' as kind, c.funded_at as at, e.block_number, e.id as log_order, c.token_id::text,
        '0' as shares, c.funded::text as principal, '0' as yield, e.tx_hash, null::text as invoice_amount,
        null::int as yield_bps, null::text as total_repaid
      from chain_invoices c
      join chain_events e on e.token_id = c.token_id and e.event_name = 'InvoiceFunded'
      where c.farmer = ${address} and c.funded_at is not null
      union all
      select 'repaid', r.block_time, r.block_number, r.id, r.token_id::text, '0', r.amount::text, '0', r.tx_hash,
        c.amount::text as invoice_amount, c.yield_bps, r.total_repaid::text as total_repaid
      from chain_invoices c join chain_repayments r on r.token_id = c.token_id
      where c.farmer = ${address}`,
  );
  return rows.map((row) => (row.kind === "repaid" ? splitRepayment(row) : row));
}

/** One repayment's principal, financing fee and late fee, from the running totals before and after it. */
function splitRepayment(row: MovementRow): MovementRow {
  const amount = BigInt(row.invoice_amount ?? "0");
  const withFee = amount + financingFee(amount, row.yield_bps ?? 0);
  const after = BigInt(row.total_repaid ?? "0");
  const before = after - BigInt(row.principal);
  const within = (cap: bigint) => (after < cap ? after : cap) - (before < cap ? before : cap);
  const principal = within(amount);
  const fee = within(withFee) - principal;
  return {
    ...row,
    principal: principal.toString(),
    yield: fee.toString(),
    late_fee: (BigInt(row.principal) - principal - fee).toString(),
  };
}

/** How a movement changes the position: shares held (investor) or principal owed (farmer). */
function positionDelta(entry: StatementEntry): bigint {
  switch (entry.kind) {
    case "invested":
    case "transferIn":
    case "marketBuy":
      return BigInt(entry.shares);
    case "funded":
      return BigInt(entry.principal);
    case "repaid":
      return -BigInt(entry.principal);
    default:
      return -BigInt(entry.shares);
  }
}

function positionsBefore(entries: StatementEntry[], end: Date): Statement["opening"] {
  const held = new Map<string, bigint>();
  for (const entry of entries) {
    if (Date.parse(entry.at) >= end.getTime()) break;
    held.set(entry.tokenId, (held.get(entry.tokenId) ?? 0n) + positionDelta(entry));
  }
  return [...held]
    .filter(([, shares]) => shares !== 0n)
    .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
    .map(([tokenId, shares]) => ({ tokenId, shares: shares.toString() }));
}

const sumOf = (positions: Statement["opening"]) => positions.reduce((sum, p) => sum + BigInt(p.shares), 0n);

function totalsOf(entries: StatementEntry[], opening: Statement["opening"], closing: Statement["opening"]) {
  const sum = (
    kinds: StatementEntry["kind"][],
    field: "shares" | "principal" | "yield" | "lateFee" | "fee",
  ) => entries.filter((e) => kinds.includes(e.kind)).reduce((total, e) => total + BigInt(e[field]), 0n);
  const claimed = entries.filter((e) => e.kind === "settlementClaim");
  return {
    invested: sum(["invested"], "principal").toString(),
    harvestedPrincipal: sum(["harvested"], "principal").toString(),
    yieldEarned: sum(["harvested", "settlementClaim"], "yield").toString(),
    refunded: sum(["refunded"], "principal").toString(),
    settlementPrincipal: sum(["settlementClaim"], "principal").toString(),
    transferredIn: sum(["transferIn"], "shares").toString(),
    transferredOut: sum(["transferOut"], "shares").toString(),
    sharesBought: sum(["marketBuy"], "shares").toString(),
    sharesSold: sum(["marketSell"], "shares").toString(),
    marketPaid: sum(["marketBuy"], "principal").toString(),
    marketReceived: sum(["marketSell"], "principal").toString(),
    marketFees: sum(["marketSell"], "fee").toString(),
    principalLost: claimed
      .reduce((total, e) => total + BigInt(e.shares) - BigInt(e.principal), 0n)
      .toString(),
    openingPrincipal: sumOf(opening).toString(),
    closingPrincipal: sumOf(closing).toString(),
    fundedPrincipal: sum(["funded"], "principal").toString(),
    repaidPrincipal: sum(["repaid"], "principal").toString(),
    feesPaid: sum(["repaid"], "yield").toString(),
    lateFeesPaid: sum(["repaid"], "lateFee").toString(),
  };
}

/** Reads a block's time from the chain: share transfers are the only movements the index keeps no time for. */
export type BlockTimeReader = (blockNumber: bigint) => Promise<Date>;

async function withTimes(rows: MovementRow[], blockTime: BlockTimeReader): Promise<StatementEntry[]> {
  const untimed = [...new Set(rows.filter((row) => row.at === null).map((row) => String(row.block_number)))];
  if (untimed.length > STATEMENT_TRANSFER_BLOCKS_LIMIT)
    throw payloadTooLarge("This wallet has too many share transfers for one statement");
  const times = new Map<string, Date>();
  for (const block of untimed) times.set(block, await blockTime(BigInt(block)));
  const ordered = rows.sort(
    (a, b) => Number(a.block_number) - Number(b.block_number) || (a.log_order < b.log_order ? -1 : 1),
  );
  return ordered.map((row) => ({
    at: new Date(row.at ?? times.get(String(row.block_number)) ?? 0).toISOString(),
    kind: row.kind,
    tokenId: row.token_id,
    shares: row.shares,
    principal: row.principal,
    yield: row.yield,
    lateFee: row.late_fee ?? "0",
    fee: row.fee ?? "0",
    txHash: row.tx_hash,
  }));
}

/**
 * A statement for `from`..`to` (WIB days, both included): the positions at the start and at the end, every movement in
 * between and their totals, from the chain index (decision 0055).
 */
export async function readStatement(
  db: Executor,
  address: string,
  query: Pick<StatementQuery, "from" | "to" | "as">,
  rupiahPerGold: bigint | null,
  blockTime: BlockTimeReader,
): Promise<Statement> {
  const rows =
    query.as === "farmer" ? await farmerMovements(db, address) : await investorMovements(db, address);
  const all = await withTimes(rows, blockTime);
  const start = wibDayStart(query.from);
  const end = new Date(wibDayStart(query.to).getTime() + 86_400_000);
  const opening = positionsBefore(all, start);
  const closing = positionsBefore(all, end);
  const entries = all.filter((e) => Date.parse(e.at) >= start.getTime() && Date.parse(e.at) < end.getTime());
  return {
    as: query.as,
    address,
    from: query.from,
    to: query.to,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    rupiahPerGold: rupiahPerGold?.toString() ?? null,
    opening,
    closing,
    entries,
    totals: totalsOf(entries, opening, closing),
  };
}
