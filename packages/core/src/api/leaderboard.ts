import { z } from "zod";
import { addressSchema, baseUnitsSchema } from "./common";
import { gardenSlugSchema } from "./neighbours";

export const leaderboardKinds = ["xp", "invested", "yield"] as const;
export const leaderboardKindSchema = z.enum(leaderboardKinds);
export type LeaderboardKind = z.infer<typeof leaderboardKindSchema>;

export const leaderboardQuerySchema = z.object({
  by: leaderboardKindSchema.default("xp"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /**
   * Opaque cursor from the previous page's nextCursor (the last entry's sort key; the server counts the ranks). The
   * previous release's form, with the entry's rank in front, is still taken and its rank ignored.
   */
  cursor: z
    .string()
    .regex(/^(?:[1-9]\d{0,8}\.)?\d{1,78}\.\d{1,20}\.0x[0-9a-fA-F]{40}$/, "a cursor from a previous page")
    .optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  /** Checksummed as stored; a plain pattern here because re-checksumming every entry of every page costs CPU. */
  address: addressSchema,
  /** Display name, null when the player has not chosen one. */
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** XP as a decimal string, or GOLD base units for invested and yield. */
  score: baseUnitsSchema,
  /** The player's public garden (GET /api/gardens/:slug); absent while its garden is private. */
  garden: gardenSlugSchema.optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z
  .object({
    by: leaderboardKindSchema,
    entries: z.array(leaderboardEntrySchema),
    nextCursor: z.string().nullable(),
    /** The caller's own entry when signed in and ranked; null otherwise. */
    me: leaderboardEntrySchema.nullable(),
  })
  .meta({ id: "Leaderboard" });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
