import { type DecorationId, MAX_PLACED_DECORATIONS, type PlacedDecoration } from "@farm/core";

/** What the player holds while arranging: an item of the tray (to place, again and again), or a placed one. */
export type Held = { from: "tray"; id: DecorationId } | { from: "cell"; x: number; y: number } | null;

export interface ArrangeState {
  items: PlacedDecoration[];
  held: Held;
  /** The last tap asked for more than the yard holds. */
  full: boolean;
}

export type ArrangeAction =
  | { type: "pick"; id: DecorationId }
  | { type: "tap"; x: number; y: number }
  /** A drag from the tray or a cell let go on a cell. */
  | { type: "drop"; held: Exclude<Held, null>; x: number; y: number }
  | { type: "remove" };

const at = (items: readonly PlacedDecoration[], x: number, y: number) =>
  items.findIndex((item) => item.x === x && item.y === y);

/**
 * Tap to place: tap a tray item (again to let go), then empty cells, one copy each; tap a placed item to pick it up,
 * then an empty cell to move it there, the same cell to put it back, or Remove. Only what the grid allows happens here
 * (an empty cell, up to the maximum); the server checks it all again.
 */
export function arrange(state: ArrangeState, action: ArrangeAction): ArrangeState {
  switch (action.type) {
    case "pick": {
      const same = state.held?.from === "tray" && state.held.id === action.id;
      return { ...state, held: same ? null : { from: "tray", id: action.id }, full: false };
    }
    case "remove": {
      const held = state.held;
      if (held?.from !== "cell") return state;
      return {
        items: state.items.filter((item) => item.x !== held.x || item.y !== held.y),
        held: null,
        full: false,
      };
    }
    case "drop": {
      if (at(state.items, action.x, action.y) !== -1) return state;
      const dropped = arrange({ ...state, held: action.held }, { type: "tap", x: action.x, y: action.y });
      return { ...dropped, held: null };
    }
    case "tap": {
      const { x, y } = action;
      const held = state.held;
      if (at(state.items, x, y) !== -1) {
        const same = held?.from === "cell" && held.x === x && held.y === y;
        return { ...state, held: same ? null : { from: "cell", x, y }, full: false };
      }
      if (held?.from === "cell")
        return {
          items: state.items.map((item) =>
            item.x === held.x && item.y === held.y ? { ...item, x, y } : item,
          ),
          held: null,
          full: false,
        };
      if (held?.from === "tray") {
        if (state.items.length >= MAX_PLACED_DECORATIONS) return { ...state, full: true };
        return { ...state, items: [...state.items, { id: held.id, x, y }], full: false };
      }
      return state;
    }
  }
}
