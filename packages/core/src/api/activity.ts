import { z } from "zod";
import { baseUnitsSchema } from "./common";

/** bought / sold: shares traded on the seed market, `amount` the GOLD paid / received (after the market's fee). */
export const activityKinds = [
  "invested",
  "watered",
  "harvested",
  "refunded",
  "bought",
  "sold",
  "level_up",
] as const;
export const activityKindSchema = z.enum(activityKinds);

export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  /** csv exports the wallet's whole history as a file instead of a page. */
  format: z.enum(["json", "csv"]).default("json"),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  at: z.iso.datetime(),
  /** The crop (token id) it concerns, null for a level-up. */
  tokenId: z.string().nullable(),
  /** GOLD base units moved (investment principal, harvest payout, refund, GOLD paid or received for a trade), null
   *  for game-only events. */
  amount: baseUnitsSchema.nullable(),
  /** XP gained by a watering, or the level reached by a level-up. */
  xp: z.number().int().nullable(),
  level: z.number().int().nullable(),
  txHash: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z
  .object({ items: z.array(activityItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ActivityPage" });
export type ActivityPage = z.infer<typeof activityPageSchema>;
