import { utcDay } from "./day";
import { currentWater, waterCapacity } from "./water";

/** The persisted game state of one player. */
export interface PlayerState {
  xp: number;
  level: number;
  /** Water left on `waterDay` (the refill is lazy, see currentWater). */
  water: number;
  /** UTC day number `water` belongs to. */
  waterDay: number;
}

/** A new player: level 1, a full tank today. */
export function newPlayer(now: Date): PlayerState {
  return { xp: 0, level: 1, water: waterCapacity(1), waterDay: utcDay(now) };
}

/** The same state with the lazy refill applied, so `water` is what the player has now and `waterDay` is today. */
export function settleWater(state: PlayerState, now: Date): PlayerState {
  return { ...state, water: currentWater(state, now), waterDay: utcDay(now) };
}
