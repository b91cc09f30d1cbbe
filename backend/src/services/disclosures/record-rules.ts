import { type SQL, sql } from "drizzle-orm";

/**
 * The repayment record's rules for one unpaid funded invoice past maturity (decision 0054), written once for the
 * records (`record.ts`) and the shop card's farmer record (`invoices/farmer-record.ts`): `alias` names the
 * `chain_invoices` row, `at` is the chain's clock.
 */
const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** The end of an invoice's grace: maturity plus its grace days (none recorded: none). */
export const graceEndSql = (alias: string): SQL =>
  sql`${column(alias, "maturity")} + make_interval(days => coalesce(${column(alias, "grace_days")}, 0))`;

/** Funded, past maturity, within its grace days. */
export const inGraceSql = (at: SQL, alias: string): SQL =>
  sql`(${column(alias, "status")} = 'funded' and ${at} > ${column(alias, "maturity")} and ${at} <= ${graceEndSql(alias)})`;

/** Funded and past its grace, not (yet) declared defaulted. */
export const overdueSql = (at: SQL, alias: string): SQL =>
  sql`(${column(alias, "status")} = 'funded' and ${at} > ${graceEndSql(alias)})`;
