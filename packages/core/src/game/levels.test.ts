import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { levelForXp, nextLevelXp, xpForLevel } from "./levels";

describe("levels", () => {
  it("needs 50 * (n - 1)^2 total XP for level n", () => {
    expect([1, 2, 3, 4, 10].map(xpForLevel)).toEqual([0, 50, 200, 450, 4050]);
  });

  it("reaches a level exactly at its threshold and not one XP before", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(49)).toBe(1);
    expect(levelForXp(50)).toBe(2);
    expect(levelForXp(199)).toBe(2);
    expect(levelForXp(200)).toBe(3);
    expect(levelForXp(4049)).toBe(9);
    expect(levelForXp(4050)).toBe(10);
  });

  it("names the XP total of the next level", () => {
    expect(nextLevelXp(0)).toBe(50);
    expect(nextLevelXp(50)).toBe(200);
    expect(nextLevelXp(199)).toBe(200);
  });

  it("rejects negative or fractional XP and levels below 1", () => {
    expect(() => levelForXp(-1)).toThrow(RangeError);
    expect(() => levelForXp(1.5)).toThrow(RangeError);
    expect(() => xpForLevel(0)).toThrow(RangeError);
  });

  it("always lands between its own threshold and the next one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), (xp) => {
        const level = levelForXp(xp);
        return xpForLevel(level) <= xp && xp < xpForLevel(level + 1);
      }),
      { numRuns: 500 },
    );
  });
});
