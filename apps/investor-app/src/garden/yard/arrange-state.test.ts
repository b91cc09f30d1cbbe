import { MAX_PLACED_DECORATIONS } from "@farm/core";
import { describe, expect, it } from "vitest";
import { type ArrangeState, arrange } from "./arrange-state";

const empty: ArrangeState = { items: [], held: null, full: false };
const run = (state: ArrangeState, ...actions: Parameters<typeof arrange>[1][]) =>
  actions.reduce(arrange, state);

describe("arranging the yard", () => {
  it("places the picked tray item on each empty cell tapped, and lets go when it is tapped again", () => {
    const state = run(
      empty,
      { type: "pick", id: "path-stone" },
      { type: "tap", x: 0, y: 0 },
      { type: "tap", x: 1, y: 0 },
    );
    expect(state.items).toEqual([
      { id: "path-stone", x: 0, y: 0 },
      { id: "path-stone", x: 1, y: 0 },
    ]);
    expect(run(state, { type: "pick", id: "path-stone" }).held).toBeNull();
    // Nothing held: tapping an empty cell does nothing.
    expect(run(empty, { type: "tap", x: 3, y: 3 })).toEqual(empty);
  });

  it("picks up a placed item, moves it to an empty cell, puts it back on its own cell, or removes it", () => {
    const placed = run(empty, { type: "pick", id: "bench" }, { type: "tap", x: 2, y: 2 });
    const held = run(placed, { type: "tap", x: 2, y: 2 });
    expect(held.held).toEqual({ from: "cell", x: 2, y: 2 });
    expect(run(held, { type: "tap", x: 4, y: 5 }).items).toEqual([{ id: "bench", x: 4, y: 5 }]);
    expect(run(held, { type: "tap", x: 2, y: 2 }).held).toBeNull();
    expect(run(held, { type: "remove" })).toEqual(empty);
    // Remove with nothing picked up changes nothing.
    expect(run(placed, { type: "pick", id: "bench" }, { type: "remove" }).items).toHaveLength(1);
  });

  it("never puts two things on one cell, and stops at the maximum", () => {
    const two = run(
      empty,
      { type: "pick", id: "pond" },
      { type: "tap", x: 0, y: 0 },
      { type: "tap", x: 1, y: 0 },
      { type: "tap", x: 0, y: 0 },
      { type: "tap", x: 1, y: 0 },
    );
    expect(two.items).toHaveLength(2);
    expect(two.held).toEqual({ from: "cell", x: 1, y: 0 });
    const full: ArrangeState = {
      items: Array.from({ length: MAX_PLACED_DECORATIONS }, (_, i) => ({
        id: "path-dirt",
        x: i % 6,
        y: Math.floor(i / 6),
      })),
      held: { from: "tray", id: "bench" },
      full: false,
    };
    const refused = run(full, { type: "tap", x: 0, y: 7 });
    expect(refused.items).toHaveLength(MAX_PLACED_DECORATIONS);
    expect(refused.full).toBe(true);
  });

  it("drops a dragged item on an empty cell only", () => {
    const placed = run(empty, { type: "drop", held: { from: "tray", id: "well" }, x: 1, y: 1 });
    expect(placed).toEqual({ items: [{ id: "well", x: 1, y: 1 }], held: null, full: false });
    expect(run(placed, { type: "drop", held: { from: "tray", id: "bench" }, x: 1, y: 1 })).toBe(placed);
    expect(run(placed, { type: "drop", held: { from: "cell", x: 1, y: 1 }, x: 5, y: 7 }).items).toEqual([
      { id: "well", x: 5, y: 7 },
    ]);
  });
});
