import type { FarmerTrackRecord } from "@farm/core";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { chainInvoices } from "../../db/schema/chain";
import { inGraceSql, overdueSql } from "../disclosures/record-rules";

/** The listed invoice's farmer's invoices (alias `f`, by `chain_invoices_farmer_token_idx`) that meet `condition`. */
const farmerCount = (condition: SQL) =>
  sql<number>`(select count(*)::int from chain_invoices f where f.farmer = ${chainInvoices.farmer} and ${condition})`;

/**
 * The farmer's track record a shop card shows, from the index: invoices repaid (and of them on time), defaulted, and
 * the unpaid ones past maturity now, in grace or past it and not declared (the repayment record's rules, decision
 * 0054). `now` is the chain's clock: its ISO text, or a prepared statement's placeholder for it.
 */
export function farmerRecordColumns(now: string | Placeholder) {
  const at = sql`${now}::timestamptz`;
  return {
    recordRepaid: farmerCount(sql`f.status = 'repaid'`),
    recordOnTime: sql<number>`(select count(*)::int from chain_invoices f
      join chain_repayments r on r.token_id = f.token_id and r.fully_repaid
      where f.farmer = ${chainInvoices.farmer} and f.status = 'repaid' and r.block_time <= f.maturity)`,
    recordDefaulted: farmerCount(sql`f.status in ('defaulted', 'settled')`),
    recordInGrace: farmerCount(inGraceSql(at, "f")),
    recordOverdue: farmerCount(overdueSql(at, "f")),
  };
}

export type FarmerRecordRow = Record<keyof ReturnType<typeof farmerRecordColumns>, number>;

export const farmerRecordOf = (row: FarmerRecordRow): FarmerTrackRecord => ({
  repaid: Number(row.recordRepaid),
  onTime: Number(row.recordOnTime),
  defaulted: Number(row.recordDefaulted),
  inGrace: Number(row.recordInGrace),
  overdue: Number(row.recordOverdue),
});
