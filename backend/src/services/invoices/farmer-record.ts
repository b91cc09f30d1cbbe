import type { FarmerTrackRecord } from "@farm/core";
import { type Placeholder, sql } from "drizzle-orm";
import { chainInvoices } from "../../db/schema/chain";
import { inGraceSql, overdueSql } from "../disclosures/record-rules";

/**
 * The farmer's track record a shop card shows, from the index: invoices repaid (and of them on time), defaulted, and
 * the unpaid ones past maturity now, in grace or past it and not declared (the repayment record's rules, decision
 * 0054). One scan of the farmer's invoices (`chain_invoices_farmer_token_idx`) counts all five: a subquery per count
 * cost the invoice list a fifth of its rate. `now` is the chain's clock: its ISO text, or a prepared statement's
 * placeholder for it.
 */
export function farmerRecordColumns(now: string | Placeholder) {
  const at = sql`${now}::timestamptz`;
  return {
    farmerRecordCounts: sql<number[]>`(select array[
        count(*) filter (where f.status = 'repaid'),
        count(*) filter (where f.status = 'repaid' and exists (select 1 from chain_repayments r
          where r.token_id = f.token_id and r.fully_repaid and r.block_time <= f.maturity)),
        count(*) filter (where f.status in ('defaulted', 'settled')),
        count(*) filter (where ${inGraceSql(at, "f")}),
        count(*) filter (where ${overdueSql(at, "f")})
      ]::int[] from chain_invoices f where f.farmer = ${chainInvoices.farmer})`,
  };
}

export type FarmerRecordRow = { farmerRecordCounts: number[] };

export function farmerRecordOf(row: FarmerRecordRow): FarmerTrackRecord {
  const [repaid, onTime, defaulted, inGrace, overdue] = row.farmerRecordCounts.map(Number);
  return {
    repaid: repaid ?? 0,
    onTime: onTime ?? 0,
    defaulted: defaulted ?? 0,
    inGrace: inGrace ?? 0,
    overdue: overdue ?? 0,
  };
}
