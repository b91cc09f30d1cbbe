import type { SqlTag } from "../sql-tag";
import { GameRuleError } from "./errors";
import { levelForXp, levelSql } from "./levels";
import type { PlayerState } from "./player";
import { waterCapacity, waterCapacitySql } from "./water";

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

/**
 * XP taken back with its grant (a reorg dropped the event): never below 0, the level follows, and a lower level's
 * smaller tank loses the water above it (what is left stays, as a level-up pours none in). Achievements stay.
 */
export function takeBackXp(state: PlayerState, xp: number): PlayerState {
  const left = Math.max(0, state.xp - xp);
  const level = levelForXp(left);
  return { ...state, xp: left, level, water: Math.min(state.water, waterCapacity(level)) };
}

/** takeBackXp in SQL: SET clauses of an UPDATE of players taking back `xp` (an expression). */
export function takeBackXpSql<S>(q: SqlTag<S>, xp: S): S {
  const left = q`greatest(players.xp - ${xp}, 0)`;
  return q`xp = ${left},
        level = ${levelSql(q, left)},
        water = least(players.water, ${waterCapacitySql(q, levelSql(q, left))})`;
}
