import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A player's garden layout: the decorations and path tiles it placed, `[{id, x, y}]` on the grid (@farm/core
 * decorations.ts), checked when saved (known, unlocked, on the grid, one a cell, at most the maximum). One row a
 * player; a save replaces it whole.
 */
export const gardenLayouts = pgTable("garden_layouts", {
  /** Checksummed wallet address, as the session writes it. */
  address: text("address").primaryKey(),
  items: jsonb("items").$type<{ id: string; x: number; y: number }[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * Season pass tiers reached, kept forever: written by the players trigger (@farm/core season-pass.ts
 * seasonPassTriggerSql) in the statement that moves season XP past a tier's threshold, once each (the primary key).
 */
export const seasonPassTiers = pgTable(
  "season_pass_tiers",
  {
    address: text("address").notNull(),
    /** ISO week id ("2026-W11"): the season the tier belongs to, whose theme gives the reward. */
    season: text("season").notNull(),
    tier: integer("tier").notNull(),
    reachedAt: at("reached_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.season, t.tier] })],
);
