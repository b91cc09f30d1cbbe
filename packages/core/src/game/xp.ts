import { GameRuleError } from "./errors";
import { levelForXp } from "./levels";
import type { PlayerState } from "./player";

/** XP per action. */
export const XP_PER_WATERING = 5;
export const XP_PER_PLANTING = 25;
export const XP_PER_HARVEST = 50;

export interface GrantXp {
  type: "grantXp";
  amount: number;
}

/**
 * Adds XP and recomputes the level. A level-up raises the tank's capacity but does not pour water in: the extra
 * capacity fills at the next 00:00 UTC refill.
 */
export function grantXp(state: PlayerState, action: GrantXp, _now: Date): PlayerState {
  if (!Number.isInteger(action.amount) || action.amount <= 0)
    throw new GameRuleError(
      "INVALID_XP_AMOUNT",
      `XP grants are positive whole numbers, got ${action.amount}`,
    );
  const xp = state.xp + action.amount;
  return { ...state, xp, level: levelForXp(xp) };
}
