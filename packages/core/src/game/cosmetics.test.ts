import { describe, expect, it } from "vitest";
import { COSMETICS, equippedCosmetics, nextCosmetic, unlockedCosmetics } from "./cosmetics";

describe("cosmetics by level", () => {
  it("unlocks nothing at level 1 and the wooden fence at level 2", () => {
    expect(unlockedCosmetics(1)).toEqual([]);
    expect(unlockedCosmetics(2).map((c) => c.id)).toEqual(["fence-wood"]);
    expect(nextCosmetic(1)?.id).toBe("fence-wood");
  });

  it("shows a fence, a scarecrow, a barn and avatar items as levels rise, the better fence replacing the first", () => {
    expect(equippedCosmetics(8)).toEqual({
      fence: "fence-white",
      hat: "straw-hat",
      scarecrow: "scarecrow",
      tool: "watering-can-gold",
      barn: "barn-red",
    });
    expect(unlockedCosmetics(99)).toHaveLength(COSMETICS.length);
    expect(nextCosmetic(10)).toBeNull();
  });
});
