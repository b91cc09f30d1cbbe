import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENTS,
  type AchievementsState,
  NO_STATS,
  newlyUnlocked,
  unlockAchievements,
} from "./achievements";

const now = new Date("2026-03-10T12:00:00Z");
const empty: AchievementsState = { stats: NO_STATS, unlocked: {} };
const record = (stats: Partial<typeof NO_STATS>) => ({
  type: "recordStats" as const,
  stats: { ...NO_STATS, ...stats },
});

describe("unlockAchievements", () => {
  it("unlocks first seed with the first planting and nothing else", () => {
    const after = unlockAchievements(empty, record({ plantings: 1 }), now);
    expect(newlyUnlocked(empty, after)).toEqual(["first-seed"]);
  });

  it("unlocks three commodities at the third distinct one, not the second", () => {
    expect(newlyUnlocked(empty, unlockAchievements(empty, record({ commodities: 2 }), now))).toEqual([]);
    expect(newlyUnlocked(empty, unlockAchievements(empty, record({ commodities: 3 }), now))).toEqual([
      "three-commodities",
    ]);
  });

  it("unlocks the seven-day streak with every lower streak achievement", () => {
    const after = unlockAchievements(empty, record({ bestStreak: 7 }), now);
    expect(newlyUnlocked(empty, after)).toEqual(["streak-3", "streak-7"]);
  });

  it("unlocks each achievement exactly once, however often or in whatever order events repeat", () => {
    const first = unlockAchievements(empty, record({ plantings: 1, harvests: 1 }), now);
    const later = new Date("2026-03-12T00:00:00Z");
    const again = unlockAchievements(first, record({ plantings: 2, harvests: 1 }), later);
    expect(newlyUnlocked(first, again)).toEqual([]);
    expect(again.unlocked["first-seed"]).toEqual(now);
    const lower = unlockAchievements(again, record({ plantings: 0 }), later);
    expect(lower.unlocked["first-seed"]).toEqual(now);
  });

  it("has unique ids and positive thresholds", () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const achievement of ACHIEVEMENTS) expect(achievement.threshold).toBeGreaterThan(0);
  });
});
