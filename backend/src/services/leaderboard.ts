import {
  type LeaderboardEntry,
  type LeaderboardKind,
  type LeaderboardQuery,
  leaderboardEntrySchema,
  leaderboardResponseSchema,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { CacheStore } from "../adapters/cache/cache-store";
import { type DbExecutor, queryRows } from "../indexer/db";

/** How long a computed page or rank may be served from the cache store. */
export const LEADERBOARD_CACHE_MS = 30_000;

/** Score and tie-break columns per board; the tie goes to whoever reached the score first. */
const boards: Record<LeaderboardKind, { score: string; reachedAt: string }> = {
  xp: { score: "xp", reachedAt: "xp_reached_at" },
  invested: { score: "invested", reachedAt: "invested_reached_at" },
  yield: { score: "yield_earned", reachedAt: "yield_reached_at" },
};

interface EntryRow {
  address: string;
  display_name: string | null;
  avatar: string | null;
  score: string;
}

const toEntry = (row: EntryRow, rank: number): LeaderboardEntry => ({
  rank,
  address: row.address,
  name: row.display_name,
  avatar: row.avatar,
  score: row.score,
});

interface Page {
  entries: LeaderboardEntry[];
  nextCursor: string | null;
}

async function readPage(db: DbExecutor, by: LeaderboardKind, offset: number, limit: number): Promise<Page> {
  const { score, reachedAt } = boards[by];
  const rows = await queryRows<EntryRow>(
    db,
    sql`
      select address, display_name, avatar, ${sql.raw(score)}::text as score from players
      where ${sql.raw(score)} > 0
      order by ${sql.raw(score)} desc nulls last, ${sql.raw(reachedAt)} asc, address asc
      offset ${offset}::int limit ${limit + 1}::int`,
  );
  const entries = rows.slice(0, limit).map((row, index) => toEntry(row, offset + index + 1));
  return { entries, nextCursor: rows.length > limit ? String(offset + limit + 1) : null };
}

async function readOwnEntry(
  db: DbExecutor,
  by: LeaderboardKind,
  address: string,
): Promise<LeaderboardEntry | null> {
  const { score, reachedAt } = boards[by];
  const [row] = await queryRows<EntryRow & { rank: string }>(
    db,
    sql`
      select me.address, me.display_name, me.avatar, me.${sql.raw(score)}::text as score,
        (select count(*) + 1 from players other
         where other.${sql.raw(score)} > me.${sql.raw(score)}
            or (other.${sql.raw(score)} = me.${sql.raw(score)}
                and (other.${sql.raw(reachedAt)}, other.address) < (me.${sql.raw(reachedAt)}, me.address)))::text as rank
      from players me
      where me.address = ${address} and me.${sql.raw(score)} > 0`,
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
  db: DbExecutor,
  cache: CacheStore,
  query: LeaderboardQuery,
  caller: string | null,
): Promise<string> {
  // The cursor is the rank the next page starts at.
  const offset = query.cursor ? Number(query.cursor) - 1 : 0;
  const page = await cachedJson(cache, `leaderboard:${query.by}:${offset}:${query.limit}`, async () =>
    JSON.stringify(pageSchema.parse(await readPage(db, query.by, offset, query.limit))),
  );
  const me = caller
    ? await cachedJson(cache, `leaderboard:${query.by}:me:${caller}`, async () =>
        JSON.stringify(leaderboardEntrySchema.nullable().parse(await readOwnEntry(db, query.by, caller))),
      )
    : "null";
  // The page is an object text `{"entries":…,"nextCursor":…}`: its fields go between `by` and `me`.
  return `{"by":${JSON.stringify(query.by)},${page.slice(1, -1)},"me":${me}}`;
}
