import { describe, expect, it } from "vitest";
import { levelProgressPercent } from "./level-progress";

describe("level progress", () => {
  it("measures from the current level's threshold, not from zero", () => {
    // Level 2 starts at 50 XP, level 3 at 200: 125 XP is half way.
    expect(levelProgressPercent(125, 2, 200)).toBe(50);
  });

  it("is 0 right at a level and stays within 0..100", () => {
    expect(levelProgressPercent(0, 1, 50)).toBe(0);
    expect(levelProgressPercent(49, 1, 50)).toBe(98);
    expect(levelProgressPercent(500, 1, 50)).toBe(100);
  });
});
