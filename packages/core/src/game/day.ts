import { MS_PER_DAY } from "../time";

/** The UTC day number (days since 1970-01-01) of an instant: water refills and the once-a-day watering key on it. */
export function utcDay(now: Date): number {
  return Math.floor(now.getTime() / MS_PER_DAY);
}

/** The instant a UTC day starts (its 00:00 UTC). */
export function startOfUtcDay(day: number): Date {
  return new Date(day * MS_PER_DAY);
}

/** The next 00:00 UTC strictly after `now`: when the water tank refills next. */
export function nextUtcMidnight(now: Date): Date {
  return startOfUtcDay(utcDay(now) + 1);
}
