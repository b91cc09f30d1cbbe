import {
  addSeasonXpSql,
  archiveSeasonSql,
  levelSql,
  progressBoards,
  progressBoardsSql,
  seasonOf,
  storeBoardsSql,
  unlockAchievementsSql,
  utcDay,
  type VisitRequest,
  type VisitResponse,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { notFound } from "../../errors";
import { BOARD_COLUMNS, type BoardsRow, boardsOf, type DrawClock, ensureBoards } from "./boards";

/** Visits a wallet can record in one UTC day (a fact sheet per seed counts apart): a bound on the rows it writes. */
export const MAX_VISITS_PER_DAY = 40;

interface VisitRow extends BoardsRow {
  seed_known: boolean;
  counted: boolean;
  boards_xp: number | null;
}

/**
 * Records a visit of the signed-in wallet to a place of the app, once per UTC day, place and seed, and moves its
 * quests and chores of that place in ONE statement (the row locked, the visit's key, then boards, XP, level, season
 * and achievements as the watering statement moves them). The boards are drawn first if this is the day's first read.
 * The day's cap is the count kept on the players row (`visit_day`, `visits_count`), read under the row's lock: a visit
 * waiting for a concurrent one's lock reads its committed count (a count of game_visits would read the statement's
 * snapshot, taken before the wait, so visits sent at once all passed it).
 */
export async function recordVisit(
  db: Executor,
  address: string,
  visit: VisitRequest,
  clock: DrawClock,
): Promise<VisitResponse> {
  await ensureBoards(db, address, clock);
  const day = utcDay(clock.wallNow);
  const season = seasonOf(clock.wallNow).id;
  const now = clock.wallNow.toISOString();
  const subject = visit.tokenId ?? "";
  const [row] = await queryRows<VisitRow>(
    db,
    sql`
      with seed as (
        select ${visit.tokenId === undefined}::boolean
          or exists (select 1 from chain_invoices where token_id = ${subject || "0"}::numeric) as known
      ), player as (
        select address, xp, level, best_streak, waterings_count, plantings_count, harvests_count, commodities_count,
          quest_days, season, season_xp, season_reached_at, visit_day, visits_count, ${BOARD_COLUMNS}
        from players where address = ${address} and (select known from seed)
        for no key update
      ), visit as (
        insert into game_visits (address, day, place, subject, visited_at)
        select address, ${day}::int, ${visit.place}, ${subject}, ${now}::timestamptz from player
        where visit_day <> ${day}::int or visits_count < ${MAX_VISITS_PER_DAY}::int
        on conflict do nothing
        returning address
      ), locked as (
        -- The player's row as it was before this visit, when the visit counted.
        select * from player where address in (select address from visit)
      ), moved as (
        update players set
          visits_count = (case when o.visit_day = ${day}::int then o.visits_count + 1 else 1 end),
          visit_day = ${day}::int,
          ${storeBoardsSql(sql)},
          xp = players.xp + boards_xp.xp,
          level = ${levelSql(sql, sql`players.xp + boards_xp.xp`)},
          xp_reached_at = (case when boards_xp.xp > 0 then ${now}::timestamptz else players.xp_reached_at end),
          ${addSeasonXpSql(sql, season, sql`boards_xp.xp`, now)},
          updated_at = ${now}::timestamptz
        from locked o ${progressBoardsSql(sql, "o", day, season, { [visit.place]: sql`1` })}
        where players.address = o.address
        returning players.address, players.best_streak, players.level, players.waterings_count,
          players.plantings_count, players.harvests_count, players.commodities_count, players.quest_days,
          players.xp, boards_xp.xp as boards_xp
      ), season_archive as (
        ${archiveSeasonSql(sql, sql`locked`, season)}
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select address, reached, ${now}::timestamptz from moved,
          generate_series(${levelSql(sql, sql`xp - boards_xp`)} + 1, level) as reached
      ), unlocked as (
        ${unlockAchievementsSql(sql, sql`moved`, now, sql`locked`)}
      )
      select (select known from seed) as seed_known, l.address is not null as counted,
        ${sql.raw(BOARD_COLUMNS_OF_L)}, (select boards_xp from moved) as boards_xp
      from (select 1) one left join locked l on true`,
  );
  if (!row?.seed_known) throw notFound(`There is no invoice ${subject}`);
  if (!row.counted) return { counted: false, xpGained: 0, questsCompleted: [], choresCompleted: [] };
  const moved = progressBoards(boardsOf(row), { [visit.place]: 1 }, day, season);
  return {
    counted: true,
    xpGained: row.boards_xp ?? 0,
    questsCompleted: moved.questsCompleted,
    choresCompleted: moved.choresCompleted,
  };
}

const BOARD_COLUMNS_OF_L = [
  "quest_day",
  "quest_ids",
  "quest_progress",
  "quest_xp",
  "chore_week",
  "chore_ids",
  "chore_progress",
  "chore_xp",
]
  .map((column) => `l.${column}`)
  .join(", ");
