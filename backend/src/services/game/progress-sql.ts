import { ACHIEVEMENTS, type AchievementStat, DAILY_QUEST_COUNT, drawDailyQuests } from "@farm/core";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** A value the statement interpolates: a parameter, a placeholder of a prepared statement, or SQL. */
type Value = SQLWrapper | string | number;

// SQL pieces that move streaks, quests, seasons and achievements inside the statements that water and grant XP, so
// they change in the same transaction as the XP and exactly once. They mirror the pure rules in @farm/core (streak,
// quests, seasons, achievements); the rules' tests and the PostgreSQL tests keep both in step.

/** The players column each achievement stat is read from. */
const statColumn: Record<AchievementStat, string> = {
  plantings: "plantings_count",
  harvests: "harvests_count",
  waterings: "waterings_count",
  commodities: "commodities_count",
  bestStreak: "best_streak",
  level: "level",
  questDays: "quest_days",
};

/** The achievement catalogue as an SQL VALUES list (constants from core, not user input). */
const catalogue = sql.raw(
  `(values ${ACHIEVEMENTS.map((a) => `('${a.id}', '${a.stat}', ${a.threshold})`).join(", ")}) as a(id, stat, threshold)`,
);
const statValue = sql.raw(
  `(case a.stat ${Object.entries(statColumn)
    .map(([stat, column]) => `when '${stat}' then s.${column}`)
    .join(" ")} end)`,
);

const beforeValue = sql.raw(
  `(case a.stat ${Object.entries(statColumn)
    .map(([stat, column]) => `when '${stat}' then b.${column}`)
    .join(" ")} end)`,
);

/**
 * Inserts every achievement the players of `stats` (a relation with address and the players' counter columns, after
 * the change) have reached; ON CONFLICT DO NOTHING on (address, id) makes each unlock happen once. Given `before`
 * (the same columns before the change), only the thresholds this change crossed are tried, which keeps the hot
 * watering statement from probing every unlocked achievement again. Returns (address, achievement_id) of new unlocks.
 */
export function unlockAchievementsSql(stats: SQL, now: Value, before?: SQL): SQL {
  return sql`insert into achievements (address, achievement_id, unlocked_at)
    select s.address, a.id, ${now}::timestamptz from ${stats} s
    ${before ? sql`join ${before} b on b.address = s.address` : sql``}
    cross join ${catalogue}
    where ${statValue} >= a.threshold ${before ? sql`and ${beforeValue} < a.threshold` : sql``}
    order by 1, 2
    on conflict do nothing
    returning address, achievement_id`;
}

/** The day's three quests of each wallet, in draw order, as JSON: [{address, ids[3], kinds[3], targets[3]}]. */
export function drawnQuestsJson(addresses: Iterable<string>, day: number): string {
  return JSON.stringify(
    [...new Set(addresses)].map((address) => {
      const quests = drawDailyQuests(address, day);
      return {
        address,
        ids: quests.map((quest) => quest.id),
        kinds: quests.map((quest) => quest.kind),
        targets: quests.map((quest) => quest.target),
      };
    }),
  );
}

/** The quests input relation's columns, for json_to_recordset. */
export const questInputColumns = sql.raw("(address text, ids text[], kinds text[], targets int[])");

const QUEST_SLOTS = Array.from({ length: DAILY_QUEST_COUNT }, (_, i) => i + 1);

/**
 * Quest slot i's progress before this change, from a players row (`row`: its alias, or "players" in an UPDATE's SET,
 * where columns are the old values): what it holds for `day`, or 0 on another day (quests never carry over).
 */
const questBefore = (row: string, day: Value, i: number) =>
  sql`(case when ${sql.raw(row)}.quest_day = ${day}::int then ${sql.raw(row)}.quest_progress[${sql.raw(String(i))}] else 0 end)`;

/** Quest slot i's progress after adding the events of the input `q` and counts `c` (water_n, plant_n, harvest_n). */
const questAfter = (row: string, day: Value, i: number) => {
  const slot = sql.raw(String(i));
  return sql`least(q.targets[${slot}], ${questBefore(row, day, i)}
    + (case q.kinds[${slot}] when 'water' then c.water_n when 'plant' then c.plant_n when 'harvest' then c.harvest_n
       else 0 end))`;
};

const allDone = (progress: (i: number) => SQL) =>
  sql.join(
    QUEST_SLOTS.map((i) => sql`${progress(i)} >= q.targets[${sql.raw(String(i))}]`),
    sql` and `,
  );

/**
 * SET clauses moving a players row's quests (in an UPDATE joined with the quest input `q` and counts `c`): progress
 * stops at each target; quest_days grows by one when this change completes the third quest of the day.
 */
export function questSetSql(day: Value): SQL {
  const before = (i: number) => questBefore("players", day, i);
  const after = (i: number) => questAfter("players", day, i);
  return sql`quest_progress = array[${sql.join(QUEST_SLOTS.map(after), sql`, `)}],
    quest_day = ${day}::int,
    quest_days = quest_days + (case when (${allDone(after)}) and not (${allDone(before)}) then 1 else 0 end)`;
}

/** Ids of the quests this change completes, from the row's old values `row` (an alias) and `q`, `c` as above. */
export function questsCompletedSql(row: string, day: Value): SQL {
  const before = (i: number) => questBefore(row, day, i);
  const after = (i: number) => questAfter(row, day, i);
  return sql`array_remove(array[${sql.join(
    QUEST_SLOTS.map((i) => {
      const slot = sql.raw(String(i));
      return sql`case when ${before(i)} < q.targets[${slot}] and ${after(i)} >= q.targets[${slot}] then q.ids[${slot}] end`;
    }),
    sql`, `,
  )}], null)`;
}

/** SET clauses adding XP to the row's season (a new week starts from zero; the old one is archived separately). */
export function seasonSetSql(season: Value, xp: SQL, now: Value): SQL {
  return sql`season = ${season}::text,
    season_xp = (case when players.season = ${season}::text then players.season_xp else 0 end) + ${xp},
    season_reached_at = (case when ${xp} > 0 or players.season <> ${season}::text then ${now}::timestamptz
      else players.season_reached_at end)`;
}

/**
 * Archives the finished season of the rows in `old` (a relation with the players' old address, season, season_xp,
 * season_reached_at) that now move to `season`; once per player and week (the primary key).
 */
export function seasonArchiveSql(old: SQL, season: Value): SQL {
  return sql`insert into season_scores (season, address, xp, reached_at)
    select o.season, o.address, o.season_xp, o.season_reached_at from ${old} o
    where o.season <> '' and o.season <> ${season}::text and o.season_xp > 0
    order by 1, 2
    on conflict do nothing`;
}

/** The season id of a timestamptz in SQL ("2026-W11": ISO week-numbering year and week, UTC), as core's seasonOf. */
export function seasonIdSql(at: SQL): SQL {
  return sql`to_char((${at}) at time zone 'UTC', 'IYYY-"W"IW')`;
}
