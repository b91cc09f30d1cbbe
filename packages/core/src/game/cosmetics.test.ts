import { describe, expect, it } from "vitest";
import { COSMETICS, nextCosmetic, unlockedCosmetics } from "./cosmetics";

describe("cosmetics by level", () => {
  it("unlocks nothing at level 1 and the wooden fence at level 2", () => {
    expect(unlockedCosmetics(1)).toEqual([]);
    expect(unlockedCosmetics(2).map((c) => c.id)).toEqual(["fence-wood"]);
    expect(nextCosmetic(1)?.id).toBe("fence-wood");
  });

  it("unlocks a fence, a scarecrow, a barn and avatar items as levels rise, and all of them in the end", () => {
    expect(unlockedCosmetics(8).map((c) => c.id)).toEqual([
      "fence-wood",
      "straw-hat",
      "scarecrow",
      "watering-can-gold",
      "barn-red",
      "fence-white",
    ]);
    expect(unlockedCosmetics(99)).toHaveLength(COSMETICS.length);
    expect(nextCosmetic(10)).toBeNull();
  });
});
