import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS, NO_STATS, unlockAchievements } from "./achievements";

const none = new Set<string>();
const stats = (partial: Partial<typeof NO_STATS>) => ({ ...NO_STATS, ...partial });

describe("unlockAchievements", () => {
  it("unlocks first seed with the first planting and nothing else", () => {
    expect(unlockAchievements(none, stats({ plantings: 1 }))).toEqual(["first-seed"]);
  });

  it("unlocks three commodities at the third distinct one, not the second", () => {
    expect(unlockAchievements(none, stats({ commodities: 2 }))).toEqual([]);
    expect(unlockAchievements(none, stats({ commodities: 3 }))).toEqual(["three-commodities"]);
  });

  it("unlocks the seven-day streak with every lower streak achievement", () => {
    expect(unlockAchievements(none, stats({ bestStreak: 7 }))).toEqual(["streak-3", "streak-7"]);
  });

  it("unlocks each achievement once: what is unlocked is never unlocked again", () => {
    const first = new Set(unlockAchievements(none, stats({ plantings: 1, harvests: 1 })));
    expect([...first]).toEqual(["first-seed", "first-harvest"]);
    expect(unlockAchievements(first, stats({ plantings: 2, harvests: 1 }))).toEqual([]);
  });

  it("has unique ids and positive thresholds", () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const achievement of ACHIEVEMENTS) expect(achievement.threshold).toBeGreaterThan(0);
  });
});
