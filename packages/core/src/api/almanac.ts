import { z } from "zod";
import { ALMANAC_BADGE_IDS } from "../game/almanac";
import { COMMODITIES } from "../game/commodity";
import { ISLAND_GROUPS, PROVINCE_IDS } from "../game/provinces";

const entry = {
  /** Distinct invoices the player funded (invested in or bought shares of); never an amount. */
  funded: z.number().int().min(0),
  /** When the player first funded one, null while none. */
  firstFundedAt: z.iso.datetime().nullable(),
};

/** GET /api/game/almanac: what the signed-in player has collected by funding farms, and its badges. No amounts. */
export const almanacResponseSchema = z
  .object({
    commodities: z.array(z.object({ commodity: z.enum(COMMODITIES), ...entry })),
    islands: z.array(
      z.object({
        island: z.enum(ISLAND_GROUPS),
        provinces: z.array(z.object({ province: z.enum(PROVINCE_IDS), ...entry })),
      }),
    ),
    /** Invoices funded whose commodity or province the lists do not know: out of the sets, not lost. */
    unplaced: z.object({
      commodity: z.number().int().min(0),
      /** Unknown provinces by their plain form (lower case ASCII; "" when the farm gave none). */
      provinces: z.array(z.object({ name: z.string(), funded: z.number().int().min(1) })),
    }),
    badges: z.array(
      z.object({
        id: z.enum(ALMANAC_BADGE_IDS),
        /** Members collected, at most the target. */
        progress: z.number().int().min(0),
        target: z.number().int().min(1),
        earned: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Almanac" });
export type AlmanacResponse = z.infer<typeof almanacResponseSchema>;
