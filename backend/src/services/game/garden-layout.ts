/** The player's garden layout (decorations and path tiles on the grid) and what its unlock rules read. */
import {
  decorationOf,
  type GardenLayout,
  layoutProblem,
  type PlacedDecoration,
  passTierKeys,
  type ReachedTier,
  type UnlockFacts,
  unlockedDecorations,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { AppError } from "../../errors";

/** What a player has toward unlocks: the players row's level and quest days, achievements, pass tiers reached. */
export interface UnlockState {
  facts: UnlockFacts;
  /** Every pass tier reached, of every season. */
  reached: ReachedTier[];
  /** The players row's season and its XP ("" and 0 before any). */
  season: string;
  seasonXp: number;
}

interface UnlockRow {
  level: number | null;
  quest_days: number | null;
  season: string | null;
  season_xp: number | null;
  achievements: string[] | null;
  tiers: [string, number, string][] | null;
}

/** Reads a player's unlock facts in one statement; a wallet without a players row has a new player's. */
export async function readUnlockState(db: Executor, address: string): Promise<UnlockState> {
  const [row] = await queryRows<UnlockRow>(
    db,
    sql`select p.level, p.quest_days, p.season, p.season_xp,
        (select array_agg(achievement_id order by achievement_id) from achievements where address = ${address})
          as achievements,
        (select json_agg(json_build_array(season, tier, reached_at) order by season, tier) from season_pass_tiers
         where address = ${address}) as tiers
      from (select 1) one left join players p on p.address = ${address}`,
  );
  const reached = (row?.tiers ?? []).map(([season, tier, at]) => ({ season, tier, reachedAt: new Date(at) }));
  return {
    facts: {
      level: row?.level ?? 1,
      achievements: new Set(row?.achievements ?? []),
      questDays: row?.quest_days ?? 0,
      passTiers: passTierKeys(reached),
    },
    reached,
    season: row?.season ?? "",
    seasonXp: row?.season_xp ?? 0,
  };
}

interface LayoutRow {
  items: { id: string; x: number; y: number }[];
  updated_at: Date | string;
}

/** The saved row's items that are catalogue items (an id a later release dropped is left out, never sent). */
const knownItems = (items: LayoutRow["items"]): PlacedDecoration[] =>
  items.flatMap((item) =>
    decorationOf(item.id) ? [{ id: item.id, x: item.x, y: item.y } as PlacedDecoration] : [],
  );

/**
 * A wallet's saved layout: the items and when they were saved (no items, null before the first save). Public
 * gardens show the items as they are: ids and cells, nothing about the wallet.
 */
export async function readGardenLayout(db: Executor, wallet: string): Promise<GardenLayout> {
  const [row] = await queryRows<LayoutRow>(
    db,
    sql`select items, updated_at from garden_layouts where address = ${wallet}`,
  );
  if (!row) return { items: [], updatedAt: null };
  return { items: knownItems(row.items), updatedAt: new Date(row.updated_at).toISOString() };
}

/**
 * Saves a layout whose shape the request schema already checked (on the grid, one a cell, at most the maximum),
 * replacing the saved one; 403 DECORATION_LOCKED when an item is not unlocked. Unlocks never go away, so an item
 * found unlocked here is still unlocked when the row is written.
 */
export async function saveGardenLayout(
  db: Executor,
  address: string,
  items: readonly PlacedDecoration[],
  now: Date,
): Promise<GardenLayout> {
  const { facts } = await readUnlockState(db, address);
  const problem = layoutProblem(items, new Set(unlockedDecorations(facts)));
  if (problem?.kind === "locked") {
    const id = items[problem.index]!.id;
    throw new AppError(403, "DECORATION_LOCKED", `"${id}" is not unlocked yet`, { index: problem.index, id });
  }
  // The request schema refused every other problem; this is a guard, never reached through the API.
  if (problem) throw new Error(`layout refused: ${problem.kind}`);
  const saved = items.map(({ id, x, y }) => ({ id, x, y }));
  const [row] = await queryRows<LayoutRow>(
    db,
    sql`insert into garden_layouts (address, items, updated_at)
      values (${address}, ${JSON.stringify(saved)}::jsonb, ${now.toISOString()}::timestamptz)
      on conflict (address) do update set items = excluded.items, updated_at = excluded.updated_at
      returning items, updated_at`,
  );
  return { items: knownItems(row!.items), updatedAt: new Date(row!.updated_at).toISOString() };
}
