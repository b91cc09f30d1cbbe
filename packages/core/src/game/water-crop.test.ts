import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "../gold";
import { utcDay } from "./day";
import { GameRuleError } from "./errors";
import type { PlayerState } from "./player";
import { waterCrop } from "./water-crop";

const noon = new Date("2026-03-10T12:00:00Z");
const today = utcDay(noon);
const player: PlayerState = { xp: 0, level: 1, water: 100, waterDay: today };
const water = {
  type: "waterCrop" as const,
  stage: "growing" as const,
  shares: 10n * ONE_GOLD,
  wateredToday: false,
};

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof GameRuleError) return error.code;
    throw error;
  }
  return undefined;
}

describe("waterCrop", () => {
  it("costs 10 water and gives 5 XP", () => {
    expect(waterCrop(player, water, noon)).toEqual({ xp: 5, level: 1, water: 90, waterDay: today });
  });

  it("spends the last 10 water and refuses the next watering", () => {
    const last = waterCrop({ ...player, water: 10 }, water, noon);
    expect(last.water).toBe(0);
    expect(refusal(() => waterCrop(last, water, noon))).toBe("NOT_ENOUGH_WATER");
    expect(refusal(() => waterCrop({ ...player, water: 9 }, water, noon))).toBe("NOT_ENOUGH_WATER");
  });

  it("waters from a refilled tank after midnight UTC even if yesterday ended empty", () => {
    const yesterdayEmpty = { ...player, water: 0, waterDay: today - 1 };
    const after = waterCrop(yesterdayEmpty, water, noon);
    expect(after).toMatchObject({ water: 90, waterDay: today });
  });

  it("refuses a second watering of the same crop on the same UTC day", () => {
    expect(refusal(() => waterCrop(player, { ...water, wateredToday: true }, noon))).toBe(
      "ALREADY_WATERED_TODAY",
    );
  });

  it("refuses harvested, withered and returned crops and allows living ones", () => {
    for (const stage of ["harvested", "withered", "returned"] as const)
      expect(refusal(() => waterCrop(player, { ...water, stage }, noon))).toBe("CROP_NOT_WATERABLE");
    for (const stage of ["seed", "sprout", "growing", "ripe", "wilting"] as const)
      expect(refusal(() => waterCrop(player, { ...water, stage }, noon))).toBeUndefined();
  });

  it("refuses a holding under 10 GOLD (dust earns no XP) at any living stage, after the stage's own refusal", () => {
    for (const shares of [1n, 10n * ONE_GOLD - 1n])
      for (const stage of ["seed", "sprout", "growing", "ripe", "wilting"] as const)
        expect(refusal(() => waterCrop(player, { ...water, stage, shares }, noon))).toBe("CROP_TOO_SMALL");
    expect(refusal(() => waterCrop(player, { ...water, stage: "withered", shares: 1n }, noon))).toBe(
      "CROP_NOT_WATERABLE",
    );
  });

  it("levels up at 50 XP and raises the capacity without pouring water in", () => {
    const after = waterCrop({ ...player, xp: 45, water: 40 }, water, noon);
    expect(after).toMatchObject({ xp: 50, level: 2, water: 30 });
  });

  it("fills the bigger tank of the new level at the next refill", () => {
    const leveled = waterCrop({ ...player, xp: 45, water: 40 }, water, noon);
    const nextDay = new Date("2026-03-11T00:00:00Z");
    expect(waterCrop(leveled, water, nextDay)).toMatchObject({ water: 100, waterDay: today + 1, xp: 55 });
  });

  it("does not change the state it was given", () => {
    const before = { ...player };
    waterCrop(player, water, noon);
    expect(player).toEqual(before);
  });
});
