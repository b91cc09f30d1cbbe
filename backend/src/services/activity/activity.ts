import type { ActivityItem, ActivityPage } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { badRequest } from "../../errors";

/** The most rows one CSV export holds. */
export const ACTIVITY_EXPORT_LIMIT = 10_000;

interface ActivityRow {
  id: string;
  kind: ActivityItem["kind"];
  at: Date | string;
  token_id: string | null;
  amount: string | null;
  xp: number | null;
  level: number | null;
  tx_hash: string | null;
}

interface Position {
  at: string;
  id: string;
}

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString("base64url");

function decodeCursor(cursor: string): Position {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Position>;
    // Exactly what encodeCursor writes: an ISO instant and a printable id, so nothing crafted reaches the SQL casts.
    if (
      typeof parsed.at === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(parsed.at) &&
      !Number.isNaN(Date.parse(parsed.at)) &&
      typeof parsed.id === "string" &&
      /^[\x21-\x7e]{1,200}$/.test(parsed.id)
    )
      return { at: parsed.at, id: parsed.id };
  } catch {
    // Falls through to the same answer as a well-formed but wrong cursor.
  }
  throw badRequest("The cursor is not one this endpoint gave out");
}

const toItem = (row: ActivityRow): ActivityItem => ({
  id: row.id,
  kind: row.kind,
  at: new Date(row.at).toISOString(),
  tokenId: row.token_id,
  amount: row.amount,
  xp: row.xp,
  level: row.level,
  txHash: row.tx_hash,
});

/**
 * The wallet's history, newest first: investments, harvests, refunds and seed market trades from the chain index, waterings and level-ups
 * from the game, all on the chain's clock (the game stamps its events with the chain head's time, as blocks stamp
 * theirs), so the order is the order things happened even where the chain's clock runs apart from the server's. Keyset-paginated on (time, id) so pages stay stable while new activity arrives.
 * Each kind gives its own newest rows after the cursor, at most a page, before they are merged: a year of daily
 * waterings is 18,250 rows, which the page must not read (the waterings come newest first from their time index).
 */
async function readActivity(db: Executor, address: string, limit: number, after: Position | null) {
  const afterCursor = (at: SQL, id: SQL) =>
    after
      ? sql`${at} <= ${after.at}::timestamptz and (${at}, ${id}) < (${after.at}::timestamptz, ${after.id})`
      : sql`true`;
  const newest = (kind: SQL) =>
    sql`(select * from (${kind}) b where ${afterCursor(sql`b.at`, sql`b.id`)}
      order by b.at desc, b.id desc limit ${limit + 1}::int)`;
  const rows = await queryRows<ActivityRow>(
    db,
    sql`
      select * from (
        ${newest(sql`select 'invested' as kind, v.id, v.block_time as at, v.token_id::text as token_id,
          v.amount::text as amount, null::int as xp, null::int as level, v.tx_hash
          from chain_investments v where v.investor = ${address}`)}
        union all
        ${newest(sql`select 'harvested' as kind, h.id, h.block_time as at, h.token_id::text as token_id,
          (h.principal + h.yield)::text as amount, null::int as xp, null::int as level, h.tx_hash
          from chain_harvests h where h.holder = ${address}`)}
        union all
        ${newest(sql`select 'refunded' as kind, r.id, r.block_time as at, r.token_id::text as token_id,
          r.shares::text as amount, null::int as xp, null::int as level, r.tx_hash
          from chain_refunds r where r.holder = ${address}`)}
        union all
        ${newest(sql`select 'bought' as kind, m.id, m.block_time as at, m.token_id::text as token_id,
          m.cost::text as amount, null::int as xp, null::int as level, m.tx_hash
          from chain_market_fills m where m.buyer = ${address} and m.seller <> ${address}`)}
        union all
        ${newest(sql`select 'sold' as kind, m.id, m.block_time as at, m.token_id::text as token_id,
          (m.cost - m.fee)::text as amount, null::int as xp, null::int as level, m.tx_hash
          from chain_market_fills m where m.seller = ${address} and m.buyer <> ${address}`)}
        union all
        ${newest(sql`select 'watered' as kind, 'watered:' || w.token_id || ':' || w.day as id, w.watered_at as at,
          w.token_id::text as token_id, null::text as amount, w.xp_gained as xp, null::int as level,
          null::text as tx_hash
          from waterings w where w.address = ${address}
            -- Only the page's window of time, so no plan sorts the wallet's whole history: the page's rows are no
            -- older than the (page + 1)-th watering before the cursor's time (ties at the cursor's time come on top).
            and w.watered_at >= coalesce((select c.watered_at from waterings c
              where c.address = ${address} ${after ? sql`and c.watered_at < ${after.at}::timestamptz` : sql``}
              order by c.watered_at desc offset ${limit}::int limit 1), '-infinity')`)}
        union all
        ${newest(sql`select 'level_up' as kind, 'level:' || l.id as id, l.reached_at as at, null::text as token_id,
          null::text as amount, null::int as xp, l.level, null::text as tx_hash
          from level_ups l where l.address = ${address}`)}
      ) a
      order by a.at desc, a.id desc
      limit ${limit + 1}::int`,
  );
  return rows.map(toItem);
}

/** GET /api/user/activity: one page and the cursor of the next. */
export async function readActivityPage(
  db: Executor,
  address: string,
  limit: number,
  cursor: string | undefined,
): Promise<ActivityPage> {
  const items = await readActivity(db, address, limit, cursor ? decodeCursor(cursor) : null);
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: items.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

/** The whole history (up to the export limit) for the CSV download. */
export async function readActivityForExport(db: Executor, address: string): Promise<ActivityItem[]> {
  return (await readActivity(db, address, ACTIVITY_EXPORT_LIMIT, null)).slice(0, ACTIVITY_EXPORT_LIMIT);
}
