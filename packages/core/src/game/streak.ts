import { utcDay } from "./day";
import { GameRuleError } from "./errors";

/** A player's daily watering streak: consecutive UTC days with at least one watering. */
export interface StreakState {
  /** Days in a row up to `lastDay`. */
  current: number;
  /** Longest streak ever reached. */
  best: number;
  /** UTC day number of the latest watering, null before the first. */
  lastDay: number | null;
}

export interface RecordWateringDay {
  type: "recordWateringDay";
}

export const NEW_STREAK: StreakState = { current: 0, best: 0, lastDay: null };

/**
 * A watering on `now`'s UTC day: the first of a day extends a streak that ended yesterday, starts again at 1 after a
 * missed day, and a second watering the same day changes nothing (each day counts once).
 */
export function recordWateringDay(state: StreakState, _action: RecordWateringDay, now: Date): StreakState {
  const today = utcDay(now);
  if (state.lastDay !== null && today < state.lastDay)
    throw new GameRuleError(
      "CLOCK_WENT_BACKWARDS",
      "a watering cannot be recorded on a day before the last one",
    );
  if (state.lastDay === today) return state;
  const current = state.lastDay === today - 1 ? state.current + 1 : 1;
  return { current, best: Math.max(state.best, current), lastDay: today };
}

/** The streak as the player sees it now: still alive today if the last watering was today or yesterday, else 0. */
export function liveStreak(state: StreakState, now: Date): number {
  if (state.lastDay === null) return 0;
  return state.lastDay >= utcDay(now) - 1 ? state.current : 0;
}
