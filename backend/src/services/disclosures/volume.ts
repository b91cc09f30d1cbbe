import { type PlatformVolume, VOLUME_MONTHS, WIB_OFFSET_MS } from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";

/** The WIB month an instant falls in, "2027-05". */
function wibMonth(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7);
}

/** The `count` WIB months ending with the one `now` is in, oldest first, and the instant the first one starts. */
export function monthsUpTo(now: Date, count: number): { months: string[]; since: Date } {
  const [year = 0, month = 1] = wibMonth(now).split("-").map(Number);
  const months = Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
  return { months, since: new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - WIB_OFFSET_MS) };
}

/**
 * The platform's volume by WIB month over the last `VOLUME_MONTHS` months at `now` (the chain's clock), in one
 * statement: principal funded (each invoice at its funding) and GOLD repaid (each repayment at its block).
 */
export async function readPlatformVolume(db: Executor, now: Date): Promise<PlatformVolume> {
  const { months, since } = monthsUpTo(now, VOLUME_MONTHS);
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ month: string; funded: string; repaid: string }>(
    db,
    sql`select to_char(at + interval '7 hours', 'YYYY-MM') as month,
        coalesce(sum(funded), 0)::text as funded, coalesce(sum(repaid), 0)::text as repaid
      from (
        select funded_at as at, funded, 0::numeric as repaid from chain_invoices
        where funded_at >= ${from} and funded_at <= ${to}
        union all
        select block_time, 0::numeric, amount from chain_repayments where block_time >= ${from} and block_time <= ${to}
      ) moved
      group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    asOf: now.toISOString(),
    months: months.map((month) => ({
      month,
      funded: byMonth.get(month)?.funded ?? "0",
      repaid: byMonth.get(month)?.repaid ?? "0",
    })),
  };
}
