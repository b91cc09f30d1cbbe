import type { SqlTag } from "../sql-tag";

/** The counters achievements are judged on; every one only ever grows. */
export interface AchievementStats {
  plantings: number;
  harvests: number;
  waterings: number;
  /** Distinct commodities planted (rice, coffee, ...; the generic fallback does not count). */
  commodities: number;
  bestStreak: number;
  level: number;
  /** UTC days on which all three daily quests were completed. */
  questDays: number;
}
export type AchievementStat = keyof AchievementStats;

export interface AchievementDefinition {
  id: string;
  stat: AchievementStat;
  /** Unlocked once the stat reaches this value. */
  threshold: number;
}

/** Every achievement: one stat reaching one threshold; unlockAchievementsSql below is written from this table. */
export const ACHIEVEMENTS = [
  { id: "first-seed", stat: "plantings", threshold: 1 },
  { id: "first-water", stat: "waterings", threshold: 1 },
  { id: "first-harvest", stat: "harvests", threshold: 1 },
  { id: "three-commodities", stat: "commodities", threshold: 3 },
  { id: "streak-3", stat: "bestStreak", threshold: 3 },
  { id: "streak-7", stat: "bestStreak", threshold: 7 },
  { id: "streak-30", stat: "bestStreak", threshold: 30 },
  { id: "waterings-50", stat: "waterings", threshold: 50 },
  { id: "level-5", stat: "level", threshold: 5 },
  { id: "level-10", stat: "level", threshold: 10 },
  { id: "quest-day", stat: "questDays", threshold: 1 },
  { id: "harvests-5", stat: "harvests", threshold: 5 },
] as const satisfies readonly AchievementDefinition[];
export type AchievementId = (typeof ACHIEVEMENTS)[number]["id"];
export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((achievement) => achievement.id) as [
  AchievementId,
  ...AchievementId[],
];

export const NO_STATS: AchievementStats = {
  plantings: 0,
  harvests: 0,
  waterings: 0,
  commodities: 0,
  bestStreak: 0,
  level: 1,
  questDays: 0,
};

/**
 * The achievements these stats reach that are not unlocked yet, in catalogue order: each unlocks once, and never goes
 * away when a stat later falls (a reorg taking XP back).
 */
export function unlockAchievements(unlocked: ReadonlySet<string>, stats: AchievementStats): AchievementId[] {
  return ACHIEVEMENTS.filter(
    (achievement) => !unlocked.has(achievement.id) && stats[achievement.stat] >= achievement.threshold,
  ).map((achievement) => achievement.id);
}

/** The players column each stat is kept in. */
const STAT_COLUMNS: Record<AchievementStat, string> = {
  plantings: "plantings_count",
  harvests: "harvests_count",
  waterings: "waterings_count",
  commodities: "commodities_count",
  bestStreak: "best_streak",
  level: "level",
  questDays: "quest_days",
};

/**
 * unlockAchievements in SQL: inserts what the players of `stats` (a relation of address and the stat columns, after
 * the change) reach; ON CONFLICT DO NOTHING on (address, id) keeps it to once. Given `before` (the same columns before
 * the change), only thresholds the change crossed are tried: the same answer while every earlier change unlocked what
 * it reached, and the hot watering statement skips probing every unlocked one again. Returns (address, achievement_id).
 */
export function unlockAchievementsSql<S>(q: SqlTag<S>, stats: S, now: unknown, before?: S): S {
  const catalogue = q.raw(
    `(values ${ACHIEVEMENTS.map((a) => `('${a.id}', '${a.stat}', ${a.threshold})`).join(", ")}) as a(id, stat, threshold)`,
  );
  const value = (alias: string) =>
    q.raw(
      `(case a.stat ${Object.entries(STAT_COLUMNS)
        .map(([stat, column]) => `when '${stat}' then ${alias}.${column}`)
        .join(" ")} end)`,
    );
  const crossed = before ? q`join ${before} b on b.address = s.address` : q``;
  return q`insert into achievements (address, achievement_id, unlocked_at)
    select s.address, a.id, ${now}::timestamptz from ${stats} s
    ${crossed}
    cross join ${catalogue}
    where ${value("s")} >= a.threshold ${before ? q`and ${value("b")} < a.threshold` : q``}
    order by 1, 2
    on conflict do nothing
    returning address, achievement_id`;
}
