import { type RepaymentRecord, repaymentRates, SETTLED_LOSS_WINDOW_DAYS, TWP90_DAYS } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { buyerIdSql } from "../../db/schema/buyer-entity";
import { inGraceSql, overdueSql } from "./record-rules";

/** Which invoices a record covers. */
export type RecordScope =
  | { kind: "platform" }
  | { kind: "farmer"; farmer: string }
  | { kind: "buyer"; buyerId: string };

interface RecordRow {
  financed: number;
  current: number;
  in_grace: number;
  overdue: number;
  repaid_on_time: number;
  repaid_late: number;
  late_max_days: number;
  late_total_days: number;
  defaulted: number;
  settled: number;
  defaulted_principal: string;
  recovered_principal: string;
  recovered_fee: string;
  lost_principal: string;
  outstanding: string;
  over90: string;
}

function scopeFilter(scope: RecordScope): SQL {
  if (scope.kind === "platform") return sql``;
  if (scope.kind === "farmer") return sql`and c.farmer = ${scope.farmer}`;
  return sql`and c.token_id in (select token_id from invoices where ${buyerIdSql} = ${scope.buyerId} and token_id is not null)`;
}

const days = (count: number) => sql.raw(`interval '${count} days'`);

/**
 * The record's figures in one statement over the funded invoices in scope, at `now` (the chain's clock). Outstanding
 * is the principal repayments have not covered yet (they pay principal first) of funded and defaulted invoices, and
 * the unrecovered principal of a settled default until 365 days past maturity (decision 0070): settling a default
 * never takes its loss out of TWP90. "More than 90 days" is strict: exactly 90 days past maturity is not yet in TWP90.
 */
export async function readRepaymentRecord(
  db: Executor,
  scope: RecordScope,
  now: Date,
): Promise<RepaymentRecord> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<RecordRow>(
    db,
    sql`with f as (
      select c.status, c.amount, c.repaid, c.recovered, c.recovered_fee, c.maturity,
             ${inGraceSql(at, "c")} as in_grace, ${overdueSql(at, "c")} as overdue,
             case when c.status in ('funded', 'defaulted') then c.amount - least(c.repaid, c.amount)
               when c.status = 'settled' and ${at} - c.maturity <= ${days(SETTLED_LOSS_WINDOW_DAYS)}
               then c.amount - least(c.recovered, c.amount) else 0 end as unpaid,
             (select min(r.block_time) from chain_repayments r where r.token_id = c.token_id and r.fully_repaid) as repaid_at
      from chain_invoices c
      where c.funded_at is not null ${scopeFilter(scope)}
    ), d as (
      select *, case when status = 'repaid' and repaid_at > maturity
                  then ceil(extract(epoch from repaid_at - maturity) / 86400)::int end as late_days
      from f
    )
    select count(*)::int as financed,
      count(*) filter (where status = 'funded' and ${at} <= maturity)::int as current,
      count(*) filter (where in_grace)::int as in_grace,
      count(*) filter (where overdue)::int as overdue,
      count(*) filter (where status = 'repaid' and late_days is null)::int as repaid_on_time,
      count(late_days)::int as repaid_late,
      coalesce(max(late_days), 0)::int as late_max_days,
      coalesce(sum(late_days), 0)::int as late_total_days,
      count(*) filter (where status in ('defaulted', 'settled'))::int as defaulted,
      count(*) filter (where status = 'settled')::int as settled,
      coalesce(sum(amount) filter (where status in ('defaulted', 'settled')), 0)::text as defaulted_principal,
      coalesce(sum(case status when 'settled' then recovered when 'defaulted' then least(repaid, amount) end), 0)::text
        as recovered_principal,
      coalesce(sum(case status when 'settled' then recovered_fee when 'defaulted' then greatest(repaid - amount, 0) end), 0)::text
        as recovered_fee,
      coalesce(sum(amount - recovered) filter (where status = 'settled'), 0)::text as lost_principal,
      coalesce(sum(unpaid), 0)::text as outstanding,
      coalesce(sum(unpaid) filter (where ${at} - maturity > ${days(TWP90_DAYS)}), 0)::text as over90
    from d`,
  );
  if (!row) throw new Error("record query returned no row");
  const rates = repaymentRates(Number(row.financed), BigInt(row.outstanding), BigInt(row.over90));
  return {
    ...rates,
    outstanding: row.outstanding,
    outstandingOver90: row.over90,
    financed: Number(row.financed),
    current: Number(row.current),
    repaidOnTime: Number(row.repaid_on_time),
    repaidLate: Number(row.repaid_late),
    repaidLateMaxDays: Number(row.late_max_days),
    repaidLateTotalDays: Number(row.late_total_days),
    inGrace: Number(row.in_grace),
    overdue: Number(row.overdue),
    defaulted: Number(row.defaulted),
    settled: Number(row.settled),
    defaultedPrincipal: row.defaulted_principal,
    recoveredPrincipal: row.recovered_principal,
    recoveredFee: row.recovered_fee,
    lostPrincipal: row.lost_principal,
    asOf: now.toISOString(),
  };
}
