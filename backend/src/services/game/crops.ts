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
import { evidenceBadges } from "../invoices/badges";
import { preparedStatement } from "./prepared";

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
 */
const cropsStatement = preparedStatement<{ address: string; day: number }, CropRow>(
  "farm_game_crops_v3",
  ({ address, day }) => sql`
      with mine as (
        select token_id from chain_positions where holder = ${address}
        union select token_id from chain_investments where investor = ${address}
        union select token_id from chain_harvests where holder = ${address}
      )
      select i.token_id::text, i.farmer, i.amount::text, i.funded::text, i.repaid::text, i.yield_bps,
        i.tenor_days, i.status, i.funding_deadline, i.funded_at, i.maturity, i.grace_days,
        coalesce(p.shares, 0)::text as shares,
        ((select coalesce(sum(h.shares), 0) from chain_harvests h where h.token_id = i.token_id)
         + (select coalesce(sum(r.shares), 0) from chain_refunds r where r.token_id = i.token_id))::text as redeemed,
        (select coalesce(sum(v.amount), 0) from chain_investments v
         where v.token_id = i.token_id and v.investor = ${address})::text as invested,
        (select coalesce(sum(h.principal), 0) from chain_harvests h
         where h.token_id = i.token_id and h.holder = ${address})::text as harvested_principal,
        (select coalesce(sum(h.yield), 0) from chain_harvests h
         where h.token_id = i.token_id and h.holder = ${address})::text as harvested_yield,
        (select coalesce(sum(r.shares), 0) from chain_refunds r
         where r.token_id = i.token_id and r.holder = ${address})::text as refunded,
        exists (select 1 from waterings w
                where w.address = ${address} and w.token_id = i.token_id and w.day = ${day}::int) as watered_today,
        -- The latest day's row, one probe of the key backwards: max(watered_at) read every day the plant was ever
        -- watered (365 rows a crop after a year of daily play).
        (select w.watered_at from waterings w
         where w.address = ${address} and w.token_id = i.token_id order by w.day desc limit 1) as last_watered_at,
        m.invoice_number, m.buyer_name, m.description,
        (select d.sha256 from invoice_documents d where d.invoice_id = m.id and d.kind = 'invoice')
          as invoice_document_sha,
        i.document_hash,
        exists (select 1 from invoice_documents d where d.invoice_id = m.id and d.kind = 'deliveryProof')
          as delivery_proven,
        m.buyer_decision, m.buyer_decided_at, m.buyer_email_domain
      from mine
      -- Each a lateral lookup with a LIMIT, which PostgreSQL does not flatten into a join: one index probe for each of
      -- the wallet's crops, whatever the statistics say. As plain joins, a wallet the sample counts as large (one in
      -- the most-common-values list) was planned as a hash join over every invoice.
      cross join lateral (select c.* from chain_invoices c where c.token_id = mine.token_id limit 1) i
      left join lateral (select c.shares from chain_positions c
                         where c.token_id = i.token_id and c.holder = ${address} limit 1) p on true
      left join lateral (select c.* from invoices c where c.token_id = i.token_id limit 1) m on true
      order by i.token_id desc`,
);

/** GET /api/crops: every invoice this wallet holds, invested in or harvested, newest first. */
export async function listCrops(db: Executor, address: string, clock: CropClock): Promise<Crop[]> {
  const rows = await cropsStatement(db, { address, day: utcDay(clock.wallNow) });
  return rows.map((row) => toCrop(row, clock.chainNow));
}
