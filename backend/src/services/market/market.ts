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

/** The market's fee as the index last saw it set (FeeSet); 0 and no recipient until the admin sets one. */
export async function readMarketFee(db: Executor): Promise<{ feeBps: number; feeRecipient: Address | null }> {
  const [row] = await queryRows<{ fee_bps: string | null; recipient: string | null }>(
    db,
    sql`select args->>'feeBps' as fee_bps, args->>'recipient' as recipient from chain_events
        where contract = 'farmMarket' and event_name = 'FeeSet'
        order by block_number desc, log_index desc limit 1`,
  );
  const feeBps = Number(row?.fee_bps ?? 0);
  const recipient = row?.recipient ?? null;
  return {
    feeBps: Number.isInteger(feeBps) && feeBps >= 0 ? feeBps : 0,
    feeRecipient: recipient && recipient !== zeroAddress ? (recipient as Address) : null,
  };
}

/** `GET /api/config`'s market: its address and fee, or null when the market is off. */
export async function marketConfig(app: Pick<FastifyInstance, "chain" | "db">): Promise<MarketConfig | null> {
  const address = app.chain.addresses?.farmMarket;
  if (!address) return null;
  return { address, ...(await readMarketFee(app.db)) };
}
