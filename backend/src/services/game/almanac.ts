import { type Almanac, type AlmanacRow, almanacFromRows, almanacSql } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";

/**
 * A wallet's fundings as almanacSql reads them: its investments and its purchases on the seed market, with the
 * invoice's description and its farmer's province. An invoice that was cancelled is left out: its GOLD came back and
 * no farm was funded. The wallet's rows come from its indexes (chain_investments_investor_token_idx,
 * chain_market_fills_buyer_idx); each lookup after them is a lateral probe with a LIMIT, which PostgreSQL does not
 * flatten into a join, so a wallet the statistics count as large is never planned as a hash join over every invoice
 * (decision 0025).
 */
export const walletFundingsSql = (address: string): SQL => sql`
  select e.token_id::text as token_id, m.description, fa.province, e.block_time as funded_at
  from (select token_id, block_time from chain_investments where investor = ${address}
        union all select token_id, block_time from chain_market_fills where buyer = ${address}) e
  cross join lateral (select c.status from chain_invoices c where c.token_id = e.token_id limit 1) c
  left join lateral (select i.description, i.farmer_id from invoices i where i.token_id = e.token_id limit 1) m on true
  left join lateral (select f.province from farmers f where f.id = m.farmer_id limit 1) fa on true
  where c.status <> 'cancelled'`;

/** GET /api/game/almanac: the wallet's almanac from the chain index, in one statement. */
export async function readAlmanac(db: Executor, address: string): Promise<Almanac> {
  return almanacFromRows(await queryRows<AlmanacRow>(db, almanacSql<SQL>(sql, walletFundingsSql(address))));
}
