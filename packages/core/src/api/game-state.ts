import { z } from "zod";
import { ACHIEVEMENT_IDS } from "../game/achievements";
import { DAILY_QUEST_XP_CAP, WEEKLY_CHORE_XP_CAP, XP_PER_CHORE, XP_PER_QUEST } from "../game/boards";
import { CHORE_IDS } from "../game/chores";
import { COSMETIC_IDS } from "../game/cosmetics";
import { QUEST_IDS, VISIT_PLACES } from "../game/quests";
import { MS_PER_DAY } from "../time";
import { baseUnitsSchema } from "./common";
import { leaderboardEntrySchema } from "./leaderboard";

const cosmeticSchema = z.object({
  id: z.enum(COSMETIC_IDS),
  slot: z.enum(["fence", "scarecrow", "barn", "hat", "tool"]),
  level: z.number().int(),
});

/** GET /api/game/state: the signed-in player's reasons to come back. None of it changes money or dates. */
export const gameStateSchema = z
  .object({
    /** The game's current UTC day (its 00:00) and when the next one starts. */
    day: z.iso.datetime(),
    nextDayAt: z.iso.datetime(),
    streak: z.object({
      /** UTC days in a row with a watering, still alive today (0 once a day was missed). */
      current: z.number().int().min(0),
      best: z.number().int().min(0),
      wateredToday: z.boolean(),
    }),
    /** Today's three quests, drawn at the day's first read from what the player can do (decision 0059). */
    quests: z.array(
      z.object({
        id: z.enum(QUEST_IDS),
        kind: z.enum(["water", "harvest", "plant", ...VISIT_PLACES]),
        target: z.number().int().min(1),
        progress: z.number().int().min(0),
        completed: z.boolean(),
      }),
    ),
    /** The season's (ISO week's) five chores, drawn at the week's first read. */
    chores: z.array(
      z.object({
        id: z.enum(CHORE_IDS),
        kind: z.enum(["water", "waterDay", "questDay", "harvest", ...VISIT_PLACES]),
        target: z.number().int().min(1),
        progress: z.number().int().min(0),
        completed: z.boolean(),
      }),
    ),
    /** XP of quests and chores: per task, the caps, and what today's quests and this week's chores gave so far. */
    taskXp: z.object({
      perQuest: z.literal(XP_PER_QUEST),
      perChore: z.literal(XP_PER_CHORE),
      dailyQuestCap: z.literal(DAILY_QUEST_XP_CAP),
      weeklyChoreCap: z.literal(WEEKLY_CHORE_XP_CAP),
      questsToday: z.number().int().min(0).max(DAILY_QUEST_XP_CAP),
      choresThisWeek: z.number().int().min(0).max(WEEKLY_CHORE_XP_CAP),
    }),
    achievements: z.array(
      z.object({
        id: z.enum(ACHIEVEMENT_IDS),
        threshold: z.number().int(),
        /** How far the player is toward the threshold. */
        value: z.number().int(),
        unlockedAt: z.iso.datetime().nullable(),
      }),
    ),
    cosmetics: z.object({
      unlocked: z.array(cosmeticSchema),
      next: cosmeticSchema.nullable(),
    }),
    season: z.object({
      id: z.string(),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      /** XP gained this season. */
      xp: z.number().int().min(0),
    }),
    rules: z.object({
      /** Smallest investment that earns planting XP, GOLD base units. */
      plantingXpMinimum: baseUnitsSchema,
      /** Plantings per UTC day that earn XP. */
      plantingXpPerDay: z.number().int(),
    }),
  })
  .meta({ id: "GameState" });
export type GameState = z.infer<typeof gameStateSchema>;

const seasonStandingSchema = z.object({
  id: z.string().meta({ example: "2026-W11" }),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Top ten by XP gained in the season; ties go to whoever got there first. */
  entries: z.array(leaderboardEntrySchema),
});

/** GET /api/leaderboard/seasons: the running week and the top ten of each finished one, newest first. */
export const seasonsResponseSchema = z
  .object({
    current: seasonStandingSchema,
    past: z.array(seasonStandingSchema),
  })
  .meta({ id: "Seasons" });
export type SeasonsResponse = z.infer<typeof seasonsResponseSchema>;

export const seasonsQuerySchema = z.object({
  /** Finished seasons to return. */
  past: z.coerce.number().int().min(0).max(52).default(8),
});

/** POST /api/test/game-clock (test stacks only): how far ahead of real time the game's clock runs. */
export const gameClockSchema = z
  .object({
    offsetMs: z
      .number()
      .int()
      .min(0)
      .max(366 * MS_PER_DAY),
  })
  .meta({ id: "GameClock" });
