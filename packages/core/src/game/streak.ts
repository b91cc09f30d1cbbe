import type { SqlTag } from "../sql-tag";
import { utcDay } from "./day";

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
 * missed day, and a second watering the same day changes nothing (each day counts once). A day before the last one
 * (a clock that went back: instances skewed at midnight, the test clock reset) changes nothing either: the watering
 * itself is valid, and a streak never moves back.
 */
export function recordWateringDay(state: StreakState, _action: RecordWateringDay, now: Date): StreakState {
  const today = utcDay(now);
  if (state.lastDay !== null && today <= state.lastDay) return state;
  const current = state.lastDay === today - 1 ? state.current + 1 : 1;
  return { current, best: Math.max(state.best, current), lastDay: today };
}

/** recordWateringDay in SQL: SET clauses of an UPDATE of players for a watering on `day` (a UTC day number). */
export function recordWateringDaySql<S>(q: SqlTag<S>, day: unknown): S {
  const current = q`(case when streak_day >= ${day}::int then streak when streak_day = ${day}::int - 1 then streak + 1
    else 1 end)`;
  return q`streak = ${current},
    best_streak = greatest(best_streak, ${current}),
    streak_day = greatest(coalesce(streak_day, ${day}::int), ${day}::int)`;
}

/** The streak as the player sees it now: still alive today if the last watering was today or yesterday, else 0. */
export function liveStreak(state: StreakState, now: Date): number {
  if (state.lastDay === null) return 0;
  return state.lastDay >= utcDay(now) - 1 ? state.current : 0;
}
