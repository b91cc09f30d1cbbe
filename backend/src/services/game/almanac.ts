import { type Almanac, type AlmanacRow, almanacFromRows, almanacSql } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";

/**
 * A wallet's fundings as almanacSql reads them: its investments and its purchases on the seed market, with the
 * invoice's description and its farmer's province. An invoice that was cancelled is left out: its GOLD came back and
 * no farm was funded. Each part probes the wallet's index (chain_investments_investor_idx, chain_market_fills_buyer_idx).
 */
export const walletFundingsSql = (address: string): SQL => sql`
  select e.token_id::text as token_id, m.description, fa.province, e.block_time as funded_at
  from (select token_id, block_time from chain_investments where investor = ${address}
        union all select token_id, block_time from chain_market_fills where buyer = ${address}) e
  join chain_invoices c on c.token_id = e.token_id and c.status <> 'cancelled'
  left join invoices m on m.token_id = e.token_id
  left join farmers fa on fa.id = m.farmer_id`;

/** GET /api/game/almanac: the wallet's almanac from the chain index, in one statement. */
export async function readAlmanac(db: Executor, address: string): Promise<Almanac> {
  return almanacFromRows(await queryRows<AlmanacRow>(db, almanacSql<SQL>(sql, walletFundingsSql(address))));
}
