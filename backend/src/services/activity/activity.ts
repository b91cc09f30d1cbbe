import type { ActivityItem, ActivityPage } from "@farm/core";
import { sql } from "drizzle-orm";
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
 */
async function readActivity(db: Executor, address: string, limit: number, after: Position | null) {
  const before = after ? sql`where (a.at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const rows = await queryRows<ActivityRow>(
    db,
    sql`
      select * from (
        select 'invested' as kind, v.id, v.block_time as at, v.token_id::text as token_id, v.amount::text as amount,
               null::int as xp, null::int as level, v.tx_hash
        from chain_investments v where v.investor = ${address}
        union all
        select 'harvested', h.id, h.block_time, h.token_id::text, (h.principal + h.yield)::text, null, null, h.tx_hash
        from chain_harvests h where h.holder = ${address}
        union all
        select 'refunded', r.id, r.block_time, r.token_id::text, r.shares::text, null, null, r.tx_hash
        from chain_refunds r where r.holder = ${address}
        union all
        select 'bought', m.id, m.block_time, m.token_id::text, m.cost::text, null, null, m.tx_hash
        from chain_market_fills m where m.buyer = ${address} and m.seller <> ${address}
        union all
        select 'sold', m.id, m.block_time, m.token_id::text, (m.cost - m.fee)::text, null, null, m.tx_hash
        from chain_market_fills m where m.seller = ${address} and m.buyer <> ${address}
        union all
        select 'watered', 'watered:' || w.token_id || ':' || w.day, w.watered_at, w.token_id::text, null,
               w.xp_gained, null, null
        from waterings w where w.address = ${address}
        union all
        select 'level_up', 'level:' || l.id, l.reached_at, null, null, null, l.level, null
        from level_ups l where l.address = ${address}
      ) a
      ${before}
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
