import {
  type Crop,
  cropStageOf,
  cropStateToJson,
  daysToMaturity,
  deriveCropState,
  type InvoiceStatusName,
  termProgress,
  utcDay,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";
import { evidenceBadges } from "../invoices/badges";

interface CropRow {
  token_id: string;
  farmer: string;
  amount: string;
  funded: string;
  repaid: string;
  redeemed: string;
  yield_bps: number;
  tenor_days: number;
  status: InvoiceStatusName;
  funding_deadline: Date | string;
  funded_at: Date | string | null;
  maturity: Date | string | null;
  grace_days: number | null;
  shares: string;
  invested: string;
  harvested_principal: string;
  harvested_yield: string;
  refunded: string;
  watered_today: boolean;
  last_watered_at: Date | string | null;
  invoice_number: string | null;
  buyer_name: string | null;
  description: string | null;
  invoice_document_sha: string | null;
  document_hash: string | null;
  delivery_proven: boolean;
  buyer_decision: string | null;
  buyer_decided_at: Date | string | null;
  buyer_email_domain: string | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));
const toIso = (value: Date | string | null) => toDate(value)?.toISOString() ?? null;

/**
 * The two clocks a crop is read against: growth, maturity and harvest follow the chain's time (money), while the
 * once-a-day watering follows UTC days on the server's clock (game time).
 */
export interface CropClock {
  chainNow: Date;
  wallNow: Date;
}

/** Shapes one indexed position into a crop, every derived figure coming from the pure rules at the chain's time. */
function toCrop(row: CropRow, now: Date): Crop {
  const shares = BigInt(row.shares);
  const fundedAt = toDate(row.funded_at);
  const maturity = toDate(row.maturity);
  const state = deriveCropState(
    {
      status: row.status,
      fundingDeadline: new Date(row.funding_deadline),
      fundedAt,
      maturity,
      graceDays: row.grace_days,
      amount: BigInt(row.amount),
      funded: BigInt(row.funded),
      repaid: BigInt(row.repaid),
      yieldBps: row.yield_bps,
      redeemedShares: BigInt(row.redeemed),
      shares,
      harvestedPrincipal: BigInt(row.harvested_principal),
      harvestedYield: BigInt(row.harvested_yield),
      refunded: BigInt(row.refunded),
    },
    now,
  );
  const payout = state.amount;
  return {
    cropId: row.token_id,
    invoice: {
      tokenId: row.token_id,
      farmer: row.farmer as Address,
      amount: row.amount,
      yieldBps: row.yield_bps,
      tenorDays: row.tenor_days,
      status: row.status,
      fundingDeadline: new Date(row.funding_deadline).toISOString(),
      fundedAt: toIso(row.funded_at),
      maturity: toIso(row.maturity),
      invoiceNumber: row.invoice_number,
      buyerName: row.buyer_name,
      description: row.description,
      evidence: evidenceBadges({
        invoiceDocumentSha: row.invoice_document_sha,
        documentHash: row.document_hash,
        deliveryProven: row.delivery_proven,
        buyerDecision: row.buyer_decision,
        buyerDecidedAt: row.buyer_decided_at,
        buyerEmailDomain: row.buyer_email_domain,
      }),
    },
    shares: row.shares,
    invested: row.invested,
    received: {
      harvestedPrincipal: row.harvested_principal,
      harvestedYield: row.harvested_yield,
      refunded: row.refunded,
    },
    state: cropStateToJson(state),
    stage: cropStageOf(state),
    progress: termProgress(fundedAt, maturity, now),
    daysToMaturity: daysToMaturity(maturity, now),
    wateredToday: row.watered_today,
    lastWateredAt: toIso(row.last_watered_at),
    canHarvest: state.action === "harvest" || state.action === "claimRecovery",
    expectedPayout: {
      principal: payout.principal.toString(),
      yield: payout.yield.toString(),
      total: payout.total.toString(),
    },
  };
}

/**
 * A wallet's crops with every figure a crop shows. Prepared once (see preparedStatement): the statement is long and
 * read on every garden visit, so building its SQL and planning it per request cost more than running it.
 *
 * The wallet's own rows (positions, investments, harvests, refunds) are each read once by the wallet's index and
 * matched to its crops by token: the wallet's sets, never a table (0.8 ms of PostgreSQL's CPU for 50 crops when each
 * figure was a probe per crop, 2,500 -> 3,450 statements a second in pgbench). What is not the wallet's (the invoice,
 * its off-chain facts, the shares all holders redeemed) and a crop's latest watering stay a probe per crop.
 */
const cropsStatement = preparedStatement<{ address: string; day: number }, CropRow>(
  "farm_game_crops_v4",
  ({ address, day }) => sql`
      with pos as (
        select token_id, shares from chain_positions where holder = ${address}
      ), inv as (
        select token_id, sum(amount) as invested from chain_investments where investor = ${address} group by token_id
      ), hv as (
        select token_id, sum(principal) as principal, sum(yield) as yield from chain_harvests
        where holder = ${address} group by token_id
      ), rf as (
        select token_id, sum(shares) as shares from chain_refunds where holder = ${address} group by token_id
      ), mine as (
        select token_id from pos union select token_id from inv union select token_id from hv
      )
      select i.token_id::text, i.farmer, i.amount::text, i.funded::text, i.repaid::text, i.yield_bps,
        i.tenor_days, i.status, i.funding_deadline, i.funded_at, i.maturity, i.grace_days,
        coalesce(pos.shares, 0)::text as shares,
        ((select coalesce(sum(h.shares), 0) from chain_harvests h where h.token_id = i.token_id)
         + (select coalesce(sum(r.shares), 0) from chain_refunds r where r.token_id = i.token_id))::text as redeemed,
        coalesce(inv.invested, 0)::text as invested,
        coalesce(hv.principal, 0)::text as harvested_principal,
        coalesce(hv.yield, 0)::text as harvested_yield,
        coalesce(rf.shares, 0)::text as refunded,
        -- A crop's latest watering, one probe of the key backwards (not every day the plant was ever watered): it is
        -- today's when its day is today.
        coalesce(w.day = ${day}::int, false) as watered_today,
        w.watered_at as last_watered_at,
        m.invoice_number, m.buyer_name, m.description,
        doc.invoice_sha as invoice_document_sha,
        i.document_hash,
        coalesce(doc.delivery, false) as delivery_proven,
        m.buyer_decision, m.buyer_decided_at, m.buyer_email_domain
      from mine
      -- Each a lateral lookup with a LIMIT, which PostgreSQL does not flatten into a join: one index probe for each of
      -- the wallet's crops, whatever the statistics say. As plain joins, a wallet the sample counts as large (one in
      -- the most-common-values list) was planned as a hash join over every invoice.
      cross join lateral (select c.* from chain_invoices c where c.token_id = mine.token_id limit 1) i
      left join pos on pos.token_id = mine.token_id
      left join inv on inv.token_id = mine.token_id
      left join hv on hv.token_id = mine.token_id
      left join rf on rf.token_id = mine.token_id
      left join lateral (select w.day, w.watered_at from waterings w
                         where w.address = ${address} and w.token_id = i.token_id
                         order by w.day desc limit 1) w on true
      left join lateral (select c.* from invoices c where c.token_id = i.token_id limit 1) m on true
      -- The invoice's two documents (at most one of each kind) in one probe of (invoice_id, kind).
      left join lateral (select max(d.sha256) filter (where d.kind = 'invoice') as invoice_sha,
                           bool_or(d.kind = 'deliveryProof') as delivery
                         from invoice_documents d where d.invoice_id = m.id) doc on true
      order by i.token_id desc`,
);

/** GET /api/crops: every invoice this wallet holds, invested in or harvested, newest first. */
export async function listCrops(db: Executor, address: string, clock: CropClock): Promise<Crop[]> {
  const rows = await cropsStatement(db, { address, day: utcDay(clock.wallNow) });
  return rows.map((row) => toCrop(row, clock.chainNow));
}
