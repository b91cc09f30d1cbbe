import { z } from "zod";
import { ACHIEVEMENT_IDS } from "../game/achievements";
import {
  DECORATION_IDS,
  GARDEN_COLUMNS,
  GARDEN_ROWS,
  type LayoutProblem,
  layoutShapeProblem,
  MAX_PLACED_DECORATIONS,
} from "../game/decorations";
import { SEASON_THEME_IDS } from "../game/season-pass";

/** One item on a cell of the garden's grid ((0, 0) at the top left). Public: a neighbour's garden shows these too. */
export const placedDecorationSchema = z
  .object({
    id: z.enum(DECORATION_IDS),
    x: z
      .number()
      .int()
      .min(0)
      .max(GARDEN_COLUMNS - 1),
    y: z
      .number()
      .int()
      .min(0)
      .max(GARDEN_ROWS - 1),
  })
  .meta({ id: "PlacedDecoration" });
export type PlacedDecoration = z.infer<typeof placedDecorationSchema>;

const problemText: Record<LayoutProblem["kind"], string> = {
  tooMany: `at most ${MAX_PLACED_DECORATIONS} items`,
  unknown: "not an item of the catalogue",
  outOfBounds: `off the ${GARDEN_COLUMNS} x ${GARDEN_ROWS} grid`,
  cellTaken: "this cell already holds an item",
  locked: "not unlocked yet",
};

/** The items of a layout, checked by core's layoutShapeProblem: on the grid, one a cell, at most the maximum. */
const layoutItemsSchema = z
  .array(placedDecorationSchema)
  .max(MAX_PLACED_DECORATIONS)
  .superRefine((items, context) => {
    const problem = layoutShapeProblem(items);
    if (problem)
      context.addIssue({
        code: "custom",
        path: "index" in problem ? [problem.index] : [],
        message: problemText[problem.kind],
      });
  });

/** PUT /api/game/garden/layout: the whole layout, replacing the saved one. Items must be unlocked (else 403). */
export const gardenLayoutUpdateSchema = z
  .object({ items: layoutItemsSchema })
  .meta({ id: "GardenLayoutUpdate" });
export type GardenLayoutUpdate = z.infer<typeof gardenLayoutUpdateSchema>;

/** A saved layout; never saved: no items and no time. */
export const gardenLayoutSchema = z
  .object({
    items: z.array(placedDecorationSchema),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "GardenLayout" });
export type GardenLayout = z.infer<typeof gardenLayoutSchema>;

const unlockRuleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("level"), level: z.number().int().min(1) }),
  z.object({ kind: z.literal("achievement"), achievement: z.enum(ACHIEVEMENT_IDS) }),
  z.object({ kind: z.literal("questDays"), days: z.number().int().min(1) }),
  z.object({ kind: z.literal("seasonPass"), theme: z.enum(SEASON_THEME_IDS), tier: z.number().int().min(1) }),
]);

/** GET /api/game/garden: what the player can place and how the rest unlocks, its layout, and the season's pass. */
export const gardenSchema = z
  .object({
    grid: z.object({
      columns: z.number().int(),
      rows: z.number().int(),
      maxItems: z.number().int(),
    }),
    catalog: z.array(
      z.object({
        id: z.enum(DECORATION_IDS),
        kind: z.enum(["decoration", "path"]),
        unlock: unlockRuleSchema,
        unlocked: z.boolean(),
      }),
    ),
    /** What the rules read, to show how far the player is toward a locked item. */
    progress: z.object({
      level: z.number().int().min(1),
      questDays: z.number().int().min(0),
    }),
    layout: gardenLayoutSchema,
    /** The running season (an ISO week, UTC): its theme and its pass, which ends with it. */
    season: z.object({
      id: z.string().meta({ example: "2026-W11" }),
      theme: z.enum(SEASON_THEME_IDS),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      /** XP gained this season. */
      xp: z.number().int().min(0),
      tiers: z.array(
        z.object({
          tier: z.number().int().min(1),
          /** Season XP that reaches the tier. */
          xp: z.number().int(),
          /** The decoration it gives, kept forever once reached. */
          reward: z.enum(DECORATION_IDS),
          reachedAt: z.iso.datetime().nullable(),
        }),
      ),
    }),
  })
  .meta({ id: "Garden" });
export type Garden = z.infer<typeof gardenSchema>;
