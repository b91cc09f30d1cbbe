import type { AchievementId } from "./achievements";
import { passTierKey, SEASON_THEMES, type SeasonThemeId } from "./season-pass";

/**
 * What a player places in its garden: decorations (one thing on a cell) and path tiles (a cell of path). Looks only:
 * none of them changes money, XP, water or anything a plant does. The level cosmetics (cosmetics.ts: fence, scarecrow,
 * barn, avatar items) stay where they are, drawn around the field; these are the things the player arranges.
 */
export type DecorationKind = "decoration" | "path";

/** How an item is unlocked: exactly one rule each, and every rule only ever opens (the facts it reads only grow). */
export type UnlockRule =
  | { kind: "level"; level: number }
  | { kind: "achievement"; achievement: AchievementId }
  /** UTC days on which every daily quest was done (players.quest_days). */
  | { kind: "questDays"; days: number }
  /** A tier of the season pass of a theme's week (any week of that theme, while it runs). */
  | { kind: "seasonPass"; theme: SeasonThemeId; tier: number };

export interface DecorationEntry {
  id: string;
  kind: DecorationKind;
  unlock: UnlockRule;
}

const level = (n: number) => ({ kind: "level", level: n }) as const;
const achievement = (id: AchievementId) => ({ kind: "achievement", achievement: id }) as const;
const questDays = (days: number) => ({ kind: "questDays", days }) as const;

/** The decorations and path tiles anyone can unlock, whatever the week. */
const EVERGREEN = [
  { id: "path-dirt", kind: "path", unlock: level(1) },
  { id: "path-stone", kind: "path", unlock: level(2) },
  { id: "path-wood", kind: "path", unlock: achievement("first-water") },
  { id: "path-brick", kind: "path", unlock: level(5) },
  { id: "flower-bed", kind: "decoration", unlock: level(1) },
  { id: "bench", kind: "decoration", unlock: level(3) },
  { id: "lantern", kind: "decoration", unlock: questDays(3) },
  { id: "well", kind: "decoration", unlock: achievement("first-harvest") },
  { id: "beehive", kind: "decoration", unlock: achievement("streak-7") },
  { id: "birdhouse", kind: "decoration", unlock: questDays(7) },
  { id: "pond", kind: "decoration", unlock: level(6) },
  { id: "windmill", kind: "decoration", unlock: level(10) },
] as const satisfies readonly DecorationEntry[];

/** Each season theme's own decorations: the rewards of its pass, tier by tier. */
const SEASONAL = SEASON_THEMES.flatMap((theme) =>
  theme.rewards.map((id, i) => ({
    id,
    kind: "decoration" as const,
    unlock: { kind: "seasonPass" as const, theme: theme.id, tier: i + 1 },
  })),
);

export type DecorationId =
  | (typeof EVERGREEN)[number]["id"]
  | (typeof SEASON_THEMES)[number]["rewards"][number];

/** The whole catalogue: evergreen items first (cheapest rule first), then the season themes' in rotation order. */
export const DECORATIONS: readonly (DecorationEntry & { id: DecorationId })[] = [...EVERGREEN, ...SEASONAL];
export const DECORATION_IDS = DECORATIONS.map((entry) => entry.id) as [DecorationId, ...DecorationId[]];

const byId = new Map<string, DecorationEntry & { id: DecorationId }>(
  DECORATIONS.map((entry) => [entry.id, entry]),
);

/** The catalogue entry of an id, or undefined for an id not in it. */
export const decorationOf = (id: string) => byId.get(id);

/** What the unlock rules read of a player; each only grows over time. */
export interface UnlockFacts {
  level: number;
  /** Achievement ids unlocked. */
  achievements: ReadonlySet<string>;
  questDays: number;
  /** Season pass tiers reached, as passTierKey(theme, tier) (season-pass.ts passTierKeys). */
  passTiers: ReadonlySet<string>;
}

export const NO_UNLOCK_FACTS: UnlockFacts = {
  level: 1,
  achievements: new Set(),
  questDays: 0,
  passTiers: new Set(),
};

/** Whether the facts meet a rule. */
export function meetsRule(rule: UnlockRule, facts: UnlockFacts): boolean {
  switch (rule.kind) {
    case "level":
      return facts.level >= rule.level;
    case "achievement":
      return facts.achievements.has(rule.achievement);
    case "questDays":
      return facts.questDays >= rule.days;
    case "seasonPass":
      return facts.passTiers.has(passTierKey(rule.theme, rule.tier));
  }
}

/** The ids the facts unlock, in catalogue order. */
export function unlockedDecorations(facts: UnlockFacts): DecorationId[] {
  return DECORATIONS.filter((entry) => meetsRule(entry.unlock, facts)).map((entry) => entry.id);
}

// The garden's grid: the yard beside the plots, GARDEN_COLUMNS x GARDEN_ROWS cells, (0, 0) at the top left. Six
// across so that every cell is a 44 px tap target on a 360 px phone (decision 0061).
export const GARDEN_COLUMNS = 6;
export const GARDEN_ROWS = 8;
/** Items a layout holds at most (of 48 cells: room for a path and a few things, and a small answer). */
export const MAX_PLACED_DECORATIONS = 24;

/** One item on a cell. */
export interface PlacedItem {
  id: string;
  x: number;
  y: number;
}

/** Why a layout is refused; `index` names the first item at fault. */
export type LayoutProblem =
  | { kind: "tooMany"; count: number }
  | { kind: "unknown"; index: number }
  | { kind: "outOfBounds"; index: number }
  | { kind: "cellTaken"; index: number }
  | { kind: "locked"; index: number };

const inGrid = (value: number, size: number) => Number.isInteger(value) && value >= 0 && value < size;

/**
 * The first problem of a layout's shape (what the request alone decides): at most MAX_PLACED_DECORATIONS items, each a
 * catalogue id on a cell of the grid, one item a cell. Null when the shape is right.
 */
export function layoutShapeProblem(items: readonly PlacedItem[]): LayoutProblem | null {
  if (items.length > MAX_PLACED_DECORATIONS) return { kind: "tooMany", count: items.length };
  const taken = new Set<number>();
  for (const [index, item] of items.entries()) {
    if (!byId.has(item.id)) return { kind: "unknown", index };
    if (!inGrid(item.x, GARDEN_COLUMNS) || !inGrid(item.y, GARDEN_ROWS))
      return { kind: "outOfBounds", index };
    const cell = item.y * GARDEN_COLUMNS + item.x;
    if (taken.has(cell)) return { kind: "cellTaken", index };
    taken.add(cell);
  }
  return null;
}

/**
 * The first problem of a layout for a player: its shape, then any item the player has not unlocked. A layout is valid
 * (null) iff it has at most MAX_PLACED_DECORATIONS items, every id is in the catalogue and unlocked, every cell is on
 * the grid and no two items share one.
 */
export function layoutProblem(
  items: readonly PlacedItem[],
  unlocked: ReadonlySet<string>,
): LayoutProblem | null {
  const shape = layoutShapeProblem(items);
  if (shape) return shape;
  const index = items.findIndex((item) => !unlocked.has(item.id));
  return index === -1 ? null : { kind: "locked", index };
}

/** The yard's grid as the garden answer states it. */
export const GARDEN_GRID = {
  columns: GARDEN_COLUMNS,
  rows: GARDEN_ROWS,
  maxItems: MAX_PLACED_DECORATIONS,
} as const;

/** The catalogue as the garden answer lists it: every item with its rule, open where `unlocked` says so. */
export function decorationCatalog(unlocked: (entry: DecorationEntry) => boolean) {
  return DECORATIONS.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    unlock: entry.unlock,
    unlocked: unlocked(entry),
  }));
}
