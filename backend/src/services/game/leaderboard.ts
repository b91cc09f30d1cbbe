import {
  type LeaderboardEntry,
  type LeaderboardKind,
  type LeaderboardQuery,
  leaderboardEntrySchema,
  leaderboardResponseSchema,
  rankScoresSql,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { CacheStore } from "../../adapters/cache/cache-store";
import { type Executor, queryRows } from "../../adapters/db/database";

/** How long a computed page or rank may be served from the cache store. */
export const LEADERBOARD_CACHE_MS = 30_000;

/**
 * Score and tie-break columns per board (the tie goes to whoever reached the score first), and the score column's
 * type: a cursor's score is cast to it, since a cast of the column instead would keep its index from serving the range.
 */
const boards: Record<LeaderboardKind, { score: string; reachedAt: string; type: "int" | "numeric" }> = {
  xp: { score: "xp", reachedAt: "xp_reached_at", type: "int" },
  invested: { score: "invested", reachedAt: "invested_reached_at", type: "numeric" },
  yield: { score: "yield_earned", reachedAt: "yield_reached_at", type: "numeric" },
};

interface EntryRow {
  address: string;
  display_name: string | null;
  avatar: string | null;
  score: string;
  /** The public garden's slug; null while the garden is private. */
  garden: string | null;
}

/** The player's public garden slug, for a row of `players` named `p` (decision 0063). */
const gardenSql = (p: string) =>
  sql.raw(`(select n.garden_slug from neighbours n where n.address = ${p}.address and n.garden_public)`);

/** Where a page ends: the last entry's sort key (score, when it was reached in microseconds, address). */
interface PageEnd {
  score: string;
  reachedAtMicros: string;
  address: string;
}

const encodeCursor = (end: PageEnd) => `${end.score}.${end.reachedAtMicros}.${end.address}`;

/**
 * The cursor's sort key, written canonically (no leading zeros) so equal cursors share a cached page. A cursor of the
 * previous release starts with the entry's rank: it is skipped, as the rank always is (readPage counts it).
 */
function decodeCursor(cursor: string): PageEnd {
  const [score, reachedAtMicros, address] = cursor.split(".").slice(-3) as [string, string, string];
  return { score: BigInt(score).toString(), reachedAtMicros: BigInt(reachedAtMicros).toString(), address };
}

const toEntry = (row: EntryRow, rank: number): LeaderboardEntry => ({
  rank,
  address: row.address,
  name: row.display_name,
  avatar: row.avatar,
  score: row.score,
  ...(row.garden === null ? {} : { garden: row.garden }),
});

interface Page {
  entries: LeaderboardEntry[];
  nextCursor: string | null;
}

/**
 * A page after `after` (keyset pagination): the rank index serves `score <= last score` as a range, and only the
 * ties at that score are filtered, so a deep page reads what the first does instead of skipping every row before it.
 * The page's first rank is counted here, never taken from the cursor (a forged one listed a player at any rank): the
 * players up to the cursor's key, two ranges of the rank index as readOwnEntry's, in the same statement (as long as
 * the rank, paid once per cached page). The first page counts nothing.
 */
async function readPage(
  db: Executor,
  by: LeaderboardKind,
  after: PageEnd | null,
  limit: number,
): Promise<Page> {
  const { score, reachedAt, type } = boards[by];
  const s = sql.raw(score);
  const cursorScore = after ? sql`${after.score}::${sql.raw(type)}` : null;
  const reachedAtMicros = sql.raw(`(extract(epoch from ${reachedAt}) * 1000000)::bigint`);
  const cursorKey = after ? sql`(${after.reachedAtMicros}::bigint, ${after.address})` : null;
  const rows = await queryRows<EntryRow & { reached_at_micros: string; before: number }>(
    db,
    sql`
      select address, display_name, avatar, ${s}::text as score, ${reachedAtMicros}::text as reached_at_micros,
        ${gardenSql("players")} as garden,
        ${
          after
            ? sql`((select count(*) from players where ${s} > ${cursorScore} and ${s} > 0)
                   + (select count(*) from players where ${s} = ${cursorScore} and ${s} > 0
                      and (${reachedAtMicros}, address) <= ${cursorKey}))::int`
            : sql`0`
        } as before
      from players
      where ${s} > 0
        ${
          after
            ? sql`and ${s} <= ${cursorScore}
                  and (${s} < ${cursorScore} or (${reachedAtMicros}, address) > ${cursorKey})`
            : sql``
        }
      order by ${rankScoresSql(sql, s, sql.raw(reachedAt), sql.raw("address"))}
      limit ${limit + 1}::int`,
  );
  const firstRank = (rows[0]?.before ?? 0) + 1;
  const entries = rows.slice(0, limit).map((row, index) => toEntry(row, firstRank + index));
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  const nextCursor = last
    ? encodeCursor({ score: last.score, reachedAtMicros: last.reached_at_micros, address: last.address })
    : null;
  return { entries, nextCursor };
}

async function readOwnEntry(
  db: Executor,
  by: LeaderboardKind,
  address: string,
): Promise<LeaderboardEntry | null> {
  const { score, reachedAt } = boards[by];
  const s = sql.raw(score);
  const r = sql.raw(reachedAt);
  // Two counts, each a range of the board's rank index (an OR of the two would scan every player): those above, and
  // those level with the caller who reached the score first. `> 0` again in each: the caller's score is above 0, and
  // saying so lets the planner use the money boards' partial indexes.
  const [row] = await queryRows<EntryRow & { rank: string }>(
    db,
    sql`
      select me.address, me.display_name, me.avatar, me.${s}::text as score, ${gardenSql("me")} as garden,
        ((select count(*) from players other where other.${s} > me.${s} and other.${s} > 0)
         + (select count(*) from players other
            where other.${s} = me.${s} and other.${s} > 0 and (other.${r}, other.address) < (me.${r}, me.address))
         + 1)::text as rank
      from players me
      where me.address = ${address} and me.${s} > 0`,
  );
  return row ? toEntry(row, Number(row.rank)) : null;
}

/**
 * The cache holds JSON text checked against the response schema when it was computed, so a hit is sent as it is:
 * no parse, no re-validation and no re-serialisation on the hot path.
 */
async function cachedJson(cache: CacheStore, key: string, compute: () => Promise<string>): Promise<string> {
  const hit = await cache.get(key);
  if (hit !== null) return hit;
  const json = await compute();
  await cache.set(key, json, LEADERBOARD_CACHE_MS);
  return json;
}

const pageSchema = leaderboardResponseSchema.pick({ entries: true, nextCursor: true });

/**
 * GET /api/leaderboard as JSON text: a page of the board plus the caller's own entry, both served from the cache for
 * <= 30 s. The fields come in the schema's order (by, entries, nextCursor, me), as the serializer would write them.
 */
export async function readLeaderboardJson(
  db: Executor,
  cache: CacheStore,
  query: LeaderboardQuery,
  caller: string | null,
): Promise<string> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = await cachedJson(
    cache,
    `leaderboard:${query.by}:${after ? encodeCursor(after) : 0}:${query.limit}`,
    async () => JSON.stringify(pageSchema.parse(await readPage(db, query.by, after, query.limit))),
  );
  const me = caller
    ? await cachedJson(cache, `leaderboard:${query.by}:me:${caller}`, async () =>
        JSON.stringify(leaderboardEntrySchema.nullable().parse(await readOwnEntry(db, query.by, caller))),
      )
    : "null";
  // The page is an object text `{"entries":…,"nextCursor":…}`: its fields go between `by` and `me`.
  return `{"by":${JSON.stringify(query.by)},${page.slice(1, -1)},"me":${me}}`;
}
