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

/** Every achievement: one stat reaching one threshold. The backend passes this table to its SQL, so both agree. */
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

export interface AchievementsState {
  stats: AchievementStats;
  /** Unlock time per achievement id; an achievement is never unlocked twice nor taken away. */
  unlocked: Readonly<Record<string, Date>>;
}

export interface RecordStats {
  type: "recordStats";
  /** The stats after the event; a stat that goes down is ignored (achievements are never taken away). */
  stats: AchievementStats;
}

export const NO_STATS: AchievementStats = {
  plantings: 0,
  harvests: 0,
  waterings: 0,
  commodities: 0,
  bestStreak: 0,
  level: 1,
  questDays: 0,
};

/** Unlocks, once each, every achievement whose stat reached its threshold. */
export function unlockAchievements(
  state: AchievementsState,
  action: RecordStats,
  now: Date,
): AchievementsState {
  const unlocked: Record<string, Date> = { ...state.unlocked };
  for (const achievement of ACHIEVEMENTS)
    if (unlocked[achievement.id] === undefined && action.stats[achievement.stat] >= achievement.threshold)
      unlocked[achievement.id] = now;
  return { stats: action.stats, unlocked };
}

/** Ids unlocked by going from `before` to `after`, in catalogue order. */
export function newlyUnlocked(before: AchievementsState, after: AchievementsState): string[] {
  return ACHIEVEMENTS.map((a) => a.id).filter(
    (id) => before.unlocked[id] === undefined && after.unlocked[id],
  );
}
