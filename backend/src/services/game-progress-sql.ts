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

/**
 * Inserts every achievement the players of `stats` (a relation with address and the players' counter columns, after
 * the change) have reached; ON CONFLICT DO NOTHING on (address, id) makes each unlock happen once. Returns
 * (address, achievement_id) of the new unlocks.
 */
export function unlockAchievementsSql(stats: SQL, now: Value): SQL {
  return sql`insert into achievements (address, achievement_id, unlocked_at)
    select s.address, a.id, ${now}::timestamptz from ${stats} s cross join ${catalogue}
    where ${statValue} >= a.threshold
    order by 1, 2
    on conflict do nothing
    returning address, achievement_id`;
}

/** The day's quests of each wallet, as the JSON the quest upsert reads: [{address, quest_id, kind, target}]. */
export function drawnQuestsJson(addresses: Iterable<string>, day: number): string {
  const rows = [];
  for (const address of new Set(addresses))
    for (const quest of drawDailyQuests(address, day))
      rows.push({ address, quest_id: quest.id, kind: quest.kind, target: quest.target });
  return JSON.stringify(rows);
}

/**
 * Upserts the day's three quests of each wallet in `counts` (a relation: address, water_n, plant_n, harvest_n = events
 * of each kind now): progress stops at the target; a quest is completed once, stamped with `batch` (a token unique to the
 * statement) so the statement knows which completions are its own. All three rows of a wallet are upserted (zero for
 * the other kinds), which locks them and returns their latest committed state. Returns address, quest_id, done, fresh.
 */
export function questUpsertSql(quests: Value, counts: SQL, day: Value, now: Value, batch: Value): SQL {
  return sql`insert into daily_quests (address, day, quest_id, kind, target, progress, completed_at, completed_by)
    select q.address, ${day}::int, q.quest_id, q.kind, q.target, least(q.target, x.inc),
      case when x.inc >= q.target then ${now}::timestamptz end,
      case when x.inc >= q.target then ${batch}::text end
    from json_to_recordset(${quests}::json) as q(address text, quest_id text, kind text, target int)
    join ${counts} c on c.address = q.address
    cross join lateral (select case q.kind when 'water' then c.water_n when 'plant' then c.plant_n
                                           when 'harvest' then c.harvest_n else 0 end as inc) x
    order by q.address, q.quest_id
    on conflict (address, day, quest_id) do update set
      progress = least(daily_quests.target, daily_quests.progress + excluded.progress),
      completed_at = coalesce(daily_quests.completed_at,
        case when daily_quests.progress + excluded.progress >= daily_quests.target then ${now}::timestamptz end),
      completed_by = case when daily_quests.completed_at is null
        and daily_quests.progress + excluded.progress >= daily_quests.target then ${batch}::text
        else daily_quests.completed_by end
    returning address, quest_id, completed_at is not null as done, coalesce(completed_by = ${batch}::text, false) as fresh`;
}

/** Wallets of a quest upsert that completed their third quest of the day in this statement: quest_days + 1 once. */
export function questDaySql(questStep: SQL): SQL {
  return sql`select address, 1 as n from ${questStep} group by address
    having count(*) = ${sql.raw(String(DAILY_QUEST_COUNT))} and bool_and(done) and bool_or(fresh)`;
}

/** Adds XP to each wallet's score of a season (relation `gains`: address, xp_gain). */
export function seasonXpSql(gains: SQL, season: Value, now: Value): SQL {
  return sql`insert into season_scores (season, address, xp, reached_at)
    select ${season}::text, address, xp_gain, ${now}::timestamptz from ${gains} where xp_gain > 0 order by address
    on conflict (season, address) do update set
      xp = season_scores.xp + excluded.xp, reached_at = excluded.reached_at`;
}

/** The season id of a timestamptz in SQL ("2026-W11": ISO week-numbering year and week, UTC), as core's seasonOf. */
export function seasonIdSql(at: SQL): SQL {
  return sql`to_char((${at}) at time zone 'UTC', 'IYYY-"W"IW')`;
}
