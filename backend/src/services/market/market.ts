import type { MarketConfig } from "@farm/core";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Address, zeroAddress } from "viem";
import { type Executor, queryRows } from "../../adapters/db/database";
import { AppError } from "../../errors";

/** The market's address, or 404 MARKET_OFF on a deployment without FarmMarket (or without contracts). */
export function marketAddressOf(app: Pick<FastifyInstance, "chain">): Address {
  const market = app.chain.addresses?.farmMarket;
  if (!market) throw new AppError(404, "MARKET_OFF", "This deployment has no seed market");
  return market;
}

/** What the index last saw of FarmMarket's settings: its fee (FeeSet) and whether trading is paused. */
export interface MarketState {
  feeBps: number;
  feeRecipient: Address | null;
  /** The latest Paused or Unpaused was Paused: fills and acceptances revert, cancelling goes on. */
  paused: boolean;
}

/**
 * The market's fee (0 and no recipient until the admin sets one) and pause, in one statement: each the latest of its
 * events, found by its own small partial index (`chain_events_market_fee_idx`, `chain_events_market_pause_idx`).
 */
export async function readMarketState(db: Executor): Promise<MarketState> {
  const [row] = await queryRows<{ fee_bps: string | null; recipient: string | null; paused: boolean | null }>(
    db,
    sql`select f.fee_bps, f.recipient, p.paused
        from (select 1) one
        left join lateral (select args->>'feeBps' as fee_bps, args->>'recipient' as recipient from chain_events
          where contract = 'farmMarket' and event_name = 'FeeSet'
          order by block_number desc, log_index desc limit 1) f on true
        left join lateral (select event_name = 'Paused' as paused from chain_events
          where contract = 'farmMarket' and event_name in ('Paused', 'Unpaused')
          order by block_number desc, log_index desc limit 1) p on true`,
  );
  const feeBps = Number(row?.fee_bps ?? 0);
  const recipient = row?.recipient ?? null;
  return {
    feeBps: Number.isInteger(feeBps) && feeBps >= 0 ? feeBps : 0,
    feeRecipient: recipient && recipient !== zeroAddress ? (recipient as Address) : null,
    paused: row?.paused === true,
  };
}

/** `GET /api/config`'s market: its address and fee, or null when the market is off. */
export async function marketConfig(app: Pick<FastifyInstance, "chain" | "db">): Promise<MarketConfig | null> {
  const address = app.chain.addresses?.farmMarket;
  if (!address) return null;
  return { address, ...(await readMarketState(app.db)) };
}
