import type { StatsResponse } from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../adapters/db/database";
import { queryRows } from "../adapters/db/database";

/** Landing-page figures, each one aggregate over the chain index (never a stored or hard-coded number). */
export async function platformStats(
  db: Executor,
  chainId: number,
  now: Date = new Date(),
): Promise<StatsResponse> {
  const [row] = await queryRows<{
    submitted: number;
    financed: number;
    open: number;
    funded: string;
    repaid: string;
    yield_paid: string;
    investors: number;
    indexed: string | number | null;
  }>(
    db,
    sql`select
      (select count(*)::int from chain_invoices) as submitted,
      (select count(*)::int from chain_invoices where funded_at is not null) as financed,
      (select count(*)::int from chain_invoices
        where status = 'approved' and funding_deadline >= ${now.toISOString()}::timestamptz) as open,
      -- Money lent, as the disclosures count it (decision 0070): not investments refunded or still filling a seed.
      (select coalesce(sum(funded), 0)::text from chain_invoices where funded_at is not null) as funded,
      (select coalesce(sum(amount), 0)::text from chain_repayments) as repaid,
      (select coalesce(sum(yield), 0)::text from chain_harvests) as yield_paid,
      (select count(distinct holder)::int from chain_positions where shares > 0) as investors,
      (select last_block from indexer_cursor where chain_id = ${chainId}) as indexed`,
  );
  if (!row) throw new Error("stats query returned no row");
  return {
    invoicesSubmitted: Number(row.submitted),
    invoicesFinanced: Number(row.financed),
    invoicesOpen: Number(row.open),
    goldFunded: row.funded,
    goldRepaid: row.repaid,
    yieldPaid: row.yield_paid,
    activeInvestors: Number(row.investors),
    indexedBlock: row.indexed === null ? null : Number(row.indexed),
  };
}
