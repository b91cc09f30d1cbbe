import { xpForLevel } from "@farm/core";

/** Percent of the way from the current level's threshold to the next one, 0..100, rounded down. */
export function levelProgressPercent(xp: number, level: number, nextLevelXp: number): number {
  const floor = xpForLevel(level);
  const span = nextLevelXp - floor;
  if (span <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor(((xp - floor) * 100) / span)));
}
