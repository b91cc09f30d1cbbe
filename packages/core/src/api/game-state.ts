import { z } from "zod";
import { ACHIEVEMENT_IDS } from "../game/achievements";
import { COSMETIC_IDS } from "../game/cosmetics";
import { QUEST_IDS } from "../game/quests";
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
    quests: z.array(
      z.object({
        id: z.enum(QUEST_IDS),
        kind: z.enum(["water", "plant", "harvest"]),
        target: z.number().int().min(1),
        progress: z.number().int().min(0),
        completed: z.boolean(),
      }),
    ),
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
