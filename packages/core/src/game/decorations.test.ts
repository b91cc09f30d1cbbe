import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACHIEVEMENT_IDS } from "./achievements";
import {
  DECORATION_IDS,
  DECORATIONS,
  GARDEN_COLUMNS,
  GARDEN_ROWS,
  layoutProblem,
  layoutShapeProblem,
  MAX_PLACED_DECORATIONS,
  meetsRule,
  NO_UNLOCK_FACTS,
  type PlacedItem,
  type UnlockFacts,
  unlockedDecorations,
} from "./decorations";
import { passTierKey, SEASON_PASS_TIERS, SEASON_THEME_IDS } from "./season-pass";

const facts = fc.record({
  level: fc.integer({ min: 1, max: 15 }),
  achievements: fc.subarray([...ACHIEVEMENT_IDS]).map((ids) => new Set<string>(ids)),
  questDays: fc.integer({ min: 0, max: 12 }),
  passTiers: fc
    .subarray(SEASON_THEME_IDS.flatMap((theme) => SEASON_PASS_TIERS.map((_, i) => passTierKey(theme, i + 1))))
    .map((keys) => new Set(keys)),
});

/** More of every fact: a level up, achievements, quest days, pass tiers (the facts only grow). */
const grown = (a: UnlockFacts, b: UnlockFacts): UnlockFacts => ({
  level: a.level + b.level - 1,
  achievements: new Set([...a.achievements, ...b.achievements]),
  questDays: a.questDays + b.questDays,
  passTiers: new Set([...a.passTiers, ...b.passTiers]),
});

describe("the decoration catalogue", () => {
  it("has unique ids, paths and decorations, and something a new player can place at once", () => {
    expect(new Set(DECORATION_IDS).size).toBe(DECORATION_IDS.length);
    expect(DECORATIONS.some((entry) => entry.kind === "path")).toBe(true);
    expect(unlockedDecorations(NO_UNLOCK_FACTS)).toEqual(["path-dirt", "flower-bed"]);
  });

  it("unlocks by level, achievement, quest days and season pass tier", () => {
    const base = { ...NO_UNLOCK_FACTS };
    expect(meetsRule({ kind: "level", level: 5 }, { ...base, level: 4 })).toBe(false);
    expect(meetsRule({ kind: "level", level: 5 }, { ...base, level: 5 })).toBe(true);
    const streak = { kind: "achievement", achievement: "streak-7" } as const;
    expect(meetsRule(streak, base)).toBe(false);
    expect(meetsRule(streak, { ...base, achievements: new Set(["streak-7"]) })).toBe(true);
    expect(meetsRule({ kind: "questDays", days: 3 }, { ...base, questDays: 2 })).toBe(false);
    expect(meetsRule({ kind: "questDays", days: 3 }, { ...base, questDays: 3 })).toBe(true);
    const pass = { kind: "seasonPass", theme: "kite-festival", tier: 2 } as const;
    expect(meetsRule(pass, { ...base, passTiers: new Set(["kite-festival:1"]) })).toBe(false);
    expect(meetsRule(pass, { ...base, passTiers: new Set(["kite-festival:2"]) })).toBe(true);
  });

  it("every item can be unlocked, and all of them once every fact is met", () => {
    const all: UnlockFacts = {
      level: 99,
      achievements: new Set(ACHIEVEMENT_IDS),
      questDays: 99,
      passTiers: new Set(SEASON_THEME_IDS.flatMap((t) => [1, 2, 3].map((tier) => passTierKey(t, tier)))),
    };
    expect(unlockedDecorations(all)).toEqual(DECORATION_IDS);
  });

  it("never locks an item again as the facts grow (unlock rules are monotone; property)", () => {
    fc.assert(
      fc.property(facts, facts, (a, b) => {
        const before = new Set(unlockedDecorations(a));
        const after = new Set(unlockedDecorations(grown(a, b)));
        for (const id of before) expect(after.has(id)).toBe(true);
      }),
      { seed: 20_261_126, numRuns: 300 },
    );
  });
});

describe("a garden layout", () => {
  const item = fc.record({
    id: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...DECORATION_IDS) as fc.Arbitrary<string> },
      { weight: 1, arbitrary: fc.constantFrom("gold-statue", "", "PATH-DIRT") },
    ),
    x: fc.integer({ min: -1, max: GARDEN_COLUMNS }),
    y: fc.integer({ min: -1, max: GARDEN_ROWS }),
  });
  const layout = fc.array(item, { maxLength: MAX_PLACED_DECORATIONS + 2 });

  /** The rule said once more, plainly: what a valid layout is. */
  const valid = (items: readonly PlacedItem[], unlocked: ReadonlySet<string>) =>
    items.length <= MAX_PLACED_DECORATIONS &&
    items.every(
      (it, i) =>
        (DECORATION_IDS as readonly string[]).includes(it.id) &&
        unlocked.has(it.id) &&
        it.x >= 0 &&
        it.x < GARDEN_COLUMNS &&
        it.y >= 0 &&
        it.y < GARDEN_ROWS &&
        items.findIndex((other) => other.x === it.x && other.y === it.y) === i,
    );

  /** A layout built from the player's unlocked items on distinct cells: valid by construction. */
  const cells = fc.uniqueArray(
    fc.record({ cell: fc.nat(GARDEN_COLUMNS * GARDEN_ROWS - 1), pick: fc.nat() }),
    {
      selector: (c) => c.cell,
      maxLength: MAX_PLACED_DECORATIONS,
    },
  );
  const build = (picks: { cell: number; pick: number }[], unlocked: readonly string[]) =>
    picks.map(({ cell, pick }) => ({
      id: unlocked[pick % unlocked.length]!,
      x: cell % GARDEN_COLUMNS,
      y: Math.floor(cell / GARDEN_COLUMNS),
    }));

  it("is valid iff it has at most N items, all known and unlocked, on the grid, one a cell (property)", () => {
    const seen = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(fc.oneof(layout, cells), facts, fc.array(item, { maxLength: 2 }), (raw, f, extra) => {
        const open = unlockedDecorations(f);
        const unlocked = new Set<string>(open);
        // Half the cases start from a layout of unlocked items, then maybe gain a random item or two.
        const items =
          "cell" in (raw[0] ?? {}) ? build(raw as never, open).concat(extra) : (raw as PlacedItem[]);
        const ok = layoutProblem(items, unlocked) === null;
        expect(ok).toBe(valid(items, unlocked));
        seen[ok ? "valid" : "invalid"] += 1;
      }),
      { seed: 20_261_126, numRuns: 500 },
    );
    expect(seen.valid).toBeGreaterThan(50);
    expect(seen.invalid).toBeGreaterThan(50);
  });

  it("names the first problem", () => {
    const open = new Set<string>(["path-dirt", "flower-bed"]);
    const ok = { id: "flower-bed", x: 0, y: 0 };
    expect(layoutProblem([ok, { id: "path-dirt", x: 5, y: 7 }], open)).toBeNull();
    expect(layoutProblem([ok, { id: "path-dirt", x: 6, y: 0 }], open)).toEqual({
      kind: "outOfBounds",
      index: 1,
    });
    expect(layoutProblem([ok, { id: "path-dirt", x: 0, y: 0.5 }], open)).toEqual({
      kind: "outOfBounds",
      index: 1,
    });
    expect(layoutProblem([ok, { id: "path-dirt", x: 0, y: 0 }], open)).toEqual({
      kind: "cellTaken",
      index: 1,
    });
    expect(layoutProblem([ok, { id: "windmill", x: 1, y: 0 }], open)).toEqual({ kind: "locked", index: 1 });
    expect(layoutProblem([{ id: "gold-statue", x: 1, y: 0 }], open)).toEqual({ kind: "unknown", index: 0 });
    const full = Array.from({ length: MAX_PLACED_DECORATIONS + 1 }, (_, i) => ({
      id: "path-dirt",
      x: i % GARDEN_COLUMNS,
      y: Math.floor(i / GARDEN_COLUMNS),
    }));
    expect(layoutShapeProblem(full)).toEqual({ kind: "tooMany", count: MAX_PLACED_DECORATIONS + 1 });
    expect(layoutShapeProblem(full.slice(1))).toBeNull();
  });

  it("stays valid as the player unlocks more, and any part of a valid layout is valid (property)", () => {
    fc.assert(
      fc.property(cells, facts, facts, fc.nat(), (picks, a, b, cut) => {
        const open = unlockedDecorations(a);
        const items = build(picks, open);
        expect(layoutProblem(items, new Set(open))).toBeNull();
        expect(layoutProblem(items, new Set(unlockedDecorations(grown(a, b))))).toBeNull();
        expect(layoutProblem(items.slice(cut % (items.length + 1)), new Set(open))).toBeNull();
      }),
      { seed: 20_261_126, numRuns: 300 },
    );
  });
});
