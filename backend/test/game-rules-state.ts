import {
  type AchievementStats,
  type Boards,
  COMMODITIES,
  DAILY_QUEST_XP_CAP,
  daysLeftInWeek,
  drawDailyQuests,
  drawWeeklyChores,
  levelForXp,
  MS_PER_DAY,
  NEW_STREAK,
  NO_BOARDS,
  newPlayer,
  type PlantingXpState,
  type PlayerSeason,
  type PlayerState,
  type QuestFacts,
  type StreakState,
  seasonOf,
  unlockAchievements,
  utcDay,
  WEEKLY_CHORE_XP_CAP,
  waterCapacity,
  XP_PER_CHORE,
  XP_PER_QUEST,
} from "@farm/core";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { type Executor, queryRows } from "../src/adapters/db/database";
import { achievements, playerCommodities, players } from "../src/db/schema";
import type { BoardsRow } from "../src/services/game/boards";

// The differential tests' shared ground: a player's whole game row as @farm/core's rules see it, random rows that
// keep the rules' invariants, and the row written to and read back from the database.

/** Runs and seed of every differential property: fixed, so a run is the same on every machine and day. */
export const diffParameters = (numRuns = Number(process.env.FARM_GAME_DIFF_RUNS ?? 200)) => ({
  numRuns,
  seed: Number(process.env.FARM_GAME_DIFF_SEED ?? 20_261_125),
});

/** Everything the game keeps on a player, in the shapes of core's rules. */
export interface GameFacts {
  player: PlayerState;
  streak: StreakState;
  /** The daily quests and weekly chores (ids, progress, XP given) as the row keeps them. */
  boards: Boards;
  questDays: number;
  counts: { waterings: number; plantings: number; harvests: number };
  /** Distinct commodities planted, sorted. */
  commodities: string[];
  season: PlayerSeason;
  plantXp: PlantingXpState;
  /** Achievement ids unlocked, sorted. */
  unlocked: string[];
}

export const statsOf = (facts: GameFacts): AchievementStats => ({
  ...facts.counts,
  commodities: facts.commodities.length,
  bestStreak: facts.streak.best,
  level: facts.player.level,
  questDays: facts.questDays,
});

/** A season's time when it does not matter (no season held yet). */
const NO_TIME = new Date(0);

/** The row a wallet's first watering or chain event creates. */
export const freshFacts = (now: Date): GameFacts => ({
  player: newPlayer(now),
  streak: NEW_STREAK,
  boards: NO_BOARDS,
  questDays: 0,
  counts: { waterings: 0, plantings: 0, harvests: 0 },
  commodities: [],
  season: { season: "", xp: 0, reachedAt: NO_TIME },
  plantXp: { day: 0, count: 0 },
  unlocked: [],
});

export const sortedUnion = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();

/** Random numbers a row is built from (relative to its wall clock, days before "today": negative is a later day). */
export const factsCase = fc.record({
  xp: fc.oneof(
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 60_000 }),
    // A few XP short of a level (level n + 1 at 50 n^2), so a watering or a grant levels up.
    fc
      .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 10 }))
      .map(([n, short]) => 50 * n * n - short),
  ),
  // Today's tank half the time, and a nearly empty one often: a refusal for want of water needs both.
  waterDaysAgo: fc.oneof(fc.constant(0), fc.integer({ min: -1, max: 3 })),
  waterTenths: fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 10 })),
  streak: fc.integer({ min: 1, max: 40 }),
  bestAbove: fc.integer({ min: 0, max: 3 }),
  // Negative: the last watering is on a later day than the clock's (a clock that went back).
  streakDaysAgo: fc.option(fc.integer({ min: -2, max: 4 })),
  questDaysAgo: fc.option(fc.constantFrom(-1, 0, 0, 1, 5)),
  // Often none yet, so a watering or a visit completes a quest.
  questProgress: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 })), {
    minLength: 3,
    maxLength: 3,
  }),
  /** What the player could do when its boards were drawn. */
  drawnFrom: fc.record<QuestFacts>({
    plants: fc.integer({ min: 0, max: 6 }),
    waterable: fc.integer({ min: 0, max: 6 }),
    ripe: fc.integer({ min: 0, max: 2 }),
    seeds: fc.integer({ min: 0, max: 3 }),
    listing: fc.boolean(),
  }),
  choreWeeksAgo: fc.option(fc.constantFrom(-1, 0, 0, 0, 1)),
  choreProgress: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 5, maxLength: 5 }),
  /** XP the boards gave beyond their completions (other boards' of the day, in tasks): near or at the caps. */
  taskXpExtra: fc.constantFrom(0, 0, 1, 2, 5),
  questDays: fc.integer({ min: 0, max: 2 }),
  // Near the thresholds: 50 waterings, 1 and 5 harvests, 3 commodities.
  waterings: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 45, max: 52 })),
  plantings: fc.integer({ min: 0, max: 3 }),
  harvests: fc.integer({ min: 0, max: 6 }),
  commodities: fc.subarray([...COMMODITIES], { maxLength: 3 }),
  seasonWeeksAgo: fc.option(fc.constantFrom(-1, 0, 0, 1, 2)),
  seasonXp: fc.integer({ min: 0, max: 60 }),
  plantXpDaysAgo: fc.option(fc.integer({ min: -1, max: 2 })),
  plantXpCount: fc.integer({ min: 0, max: 6 }),
});
export type FactsCase = typeof factsCase extends fc.Arbitrary<infer T> ? T : never;

/** A row from the random numbers: consistent as the rules leave one (every reached achievement unlocked). */
export function buildFacts(raw: FactsCase, address: string, now: Date): GameFacts {
  const today = utcDay(now);
  const level = levelForXp(raw.xp);
  const lastDay = raw.streakDaysAgo === null ? null : today - raw.streakDaysAgo;
  const questDay = raw.questDaysAgo === null ? -1 : today - raw.questDaysAgo;
  const quests = questDay < 0 ? [] : drawDailyQuests(address, questDay, raw.drawnFrom);
  const questProgress = raw.questProgress.map((n, i) => Math.min(n, quests[i]?.target ?? 0));
  const choreAt =
    raw.choreWeeksAgo === null ? null : new Date(now.getTime() - raw.choreWeeksAgo * 7 * MS_PER_DAY);
  const chores =
    choreAt === null
      ? []
      : drawWeeklyChores(address, seasonOf(choreAt).id, {
          ...raw.drawnFrom,
          daysLeft: daysLeftInWeek(utcDay(choreAt)),
        });
  const choreProgress = raw.choreProgress.map((n, i) => Math.min(n, chores[i]?.target ?? 0));
  const done = (progress: number[], tasks: { target: number }[]) =>
    tasks.filter((task, i) => (progress[i] ?? 0) >= task.target).length;
  const season =
    raw.seasonWeeksAgo === null
      ? { season: "", xp: 0, reachedAt: NO_TIME }
      : {
          season: seasonOf(new Date(now.getTime() - raw.seasonWeeksAgo * 7 * MS_PER_DAY)).id,
          xp: raw.seasonXp,
          reachedAt: new Date(now.getTime() - 3_600_000),
        };
  const facts: GameFacts = {
    player: {
      xp: raw.xp,
      level,
      water: Math.floor((waterCapacity(level) * raw.waterTenths) / 10),
      waterDay: today - raw.waterDaysAgo,
    },
    streak:
      lastDay === null ? NEW_STREAK : { current: raw.streak, best: raw.streak + raw.bestAbove, lastDay },
    boards: {
      quests:
        questDay < 0
          ? NO_BOARDS.quests
          : {
              day: questDay,
              ids: quests.map((quest) => quest.id),
              progress: questProgress,
              xp: Math.min(
                DAILY_QUEST_XP_CAP,
                XP_PER_QUEST * (done(questProgress, quests) + raw.taskXpExtra),
              ),
            },
      chores:
        choreAt === null
          ? NO_BOARDS.chores
          : {
              week: seasonOf(choreAt).id,
              ids: chores.map((chore) => chore.id),
              progress: choreProgress,
              xp: Math.min(
                WEEKLY_CHORE_XP_CAP,
                XP_PER_CHORE * (done(choreProgress, chores) + raw.taskXpExtra),
              ),
            },
    },
    questDays: raw.questDays,
    counts: { waterings: raw.waterings, plantings: raw.plantings, harvests: raw.harvests },
    commodities: [...raw.commodities].sort(),
    season,
    plantXp: { day: raw.plantXpDaysAgo === null ? 0 : today - raw.plantXpDaysAgo, count: raw.plantXpCount },
    unlocked: [],
  };
  return { ...facts, unlocked: [...unlockAchievements(new Set(), statsOf(facts))].sort() };
}

/** Writes a player's row, achievements and commodities. */
export async function insertFacts(db: Executor, address: string, facts: GameFacts): Promise<void> {
  await db.insert(players).values({
    address,
    xp: facts.player.xp,
    level: facts.player.level,
    water: facts.player.water,
    waterDay: facts.player.waterDay,
    streak: facts.streak.current,
    bestStreak: facts.streak.best,
    streakDay: facts.streak.lastDay,
    wateringsCount: facts.counts.waterings,
    plantingsCount: facts.counts.plantings,
    harvestsCount: facts.counts.harvests,
    commoditiesCount: facts.commodities.length,
    questDays: facts.questDays,
    questDay: facts.boards.quests.day,
    questIds: [...facts.boards.quests.ids],
    questProgress: [...facts.boards.quests.progress],
    questXp: facts.boards.quests.xp,
    choreWeek: facts.boards.chores.week,
    choreIds: [...facts.boards.chores.ids],
    choreProgress: [...facts.boards.chores.progress],
    choreXp: facts.boards.chores.xp,
    season: facts.season.season,
    seasonXp: facts.season.xp,
    seasonReachedAt: facts.season.reachedAt,
    plantXpDay: facts.plantXp.day,
    plantXpCount: facts.plantXp.count,
  });
  if (facts.unlocked.length > 0)
    await db.insert(achievements).values(facts.unlocked.map((achievementId) => ({ address, achievementId })));
  if (facts.commodities.length > 0)
    await db.insert(playerCommodities).values(facts.commodities.map((commodity) => ({ address, commodity })));
}

/** A players row as the driver returns it: the boards' columns as the backend reads them, and the rest. */
interface FactsRow extends BoardsRow {
  xp: number;
  level: number;
  water: number;
  water_day: number;
  streak: number;
  best_streak: number;
  streak_day: number | null;
  waterings_count: number;
  plantings_count: number;
  harvests_count: number;
  commodities_count: number;
  quest_days: number;
  season: string;
  season_xp: number;
  season_reached_at: string | Date;
  plant_xp_day: number;
  plant_xp_count: number;
  unlocked: string[] | null;
  commodities: string[] | null;
}

/** The player's row as the rules see it, or null when there is none. */
export async function readFacts(db: Executor, address: string): Promise<GameFacts | null> {
  const [row] = await queryRows<FactsRow>(
    db,
    sql`select p.*,
      (select array_agg(achievement_id order by achievement_id) from achievements a where a.address = p.address)
        as unlocked,
      (select array_agg(commodity order by commodity) from player_commodities c where c.address = p.address)
        as commodities
    from players p where p.address = ${address}`,
  );
  if (!row) return null;
  const commodities = row.commodities ?? [];
  // The counter and the set of commodities must agree, or the set would not be what counts.
  if (row.commodities_count !== commodities.length) throw new Error(`commodities of ${address} disagree`);
  return {
    player: { xp: row.xp, level: row.level, water: row.water, waterDay: row.water_day },
    streak: { current: row.streak, best: row.best_streak, lastDay: row.streak_day },
    boards: {
      quests: { day: row.quest_day, ids: row.quest_ids, progress: row.quest_progress, xp: row.quest_xp },
      chores: { week: row.chore_week, ids: row.chore_ids, progress: row.chore_progress, xp: row.chore_xp },
    },
    questDays: row.quest_days,
    counts: { waterings: row.waterings_count, plantings: row.plantings_count, harvests: row.harvests_count },
    commodities,
    season: {
      season: row.season,
      xp: row.season_xp,
      reachedAt: row.season === "" ? NO_TIME : new Date(row.season_reached_at),
    },
    plantXp: { day: row.plant_xp_day, count: row.plant_xp_count },
    unlocked: row.unlocked ?? [],
  };
}

/** The archived seasons of a player: [season, xp, reached at ms]. */
export async function readArchive(db: Executor, address: string): Promise<[string, number, number][]> {
  const rows = await queryRows<{ season: string; xp: number; reached_at: string | Date }>(
    db,
    sql`select season, xp, reached_at from season_scores where address = ${address} order by season`,
  );
  return rows.map((row) => [row.season, row.xp, new Date(row.reached_at).getTime()]);
}

/** The levels a player's level-ups recorded, in order. */
export async function readLevelUps(db: Executor, address: string): Promise<number[]> {
  const rows = await queryRows<{ level: number }>(
    db,
    sql`select level from level_ups where address = ${address} order by level, id`,
  );
  return rows.map((row) => row.level);
}
