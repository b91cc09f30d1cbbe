import { describe, expect, it } from "vitest";
import { utcDay } from "./day";
import { GameRuleError } from "./errors";
import {
  harvestXp,
  holdingEarnsXp,
  MAX_XP_PLANTINGS_PER_DAY,
  MIN_PLANTING_FOR_XP,
  type PlantingXpState,
  plantingXp,
} from "./planting-xp";
import { XP_PER_HARVEST, XP_PER_PLANTING } from "./xp";

const noon = new Date("2026-03-10T12:00:00Z");
const fresh: PlantingXpState = { day: 0, count: 0 };
const plant = (amount: bigint) => ({ type: "plantSeed" as const, amount });

describe("plantingXp", () => {
  it("gives planting XP from the minimum amount on, and none to dust", () => {
    expect(plantingXp(fresh, plant(MIN_PLANTING_FOR_XP), noon).xp).toBe(XP_PER_PLANTING);
    const dust = plantingXp(fresh, plant(MIN_PLANTING_FOR_XP - 1n), noon);
    expect(dust).toEqual({ xp: 0, state: { day: utcDay(noon), count: 0 } });
    expect(plantingXp(fresh, plant(1n), noon).xp).toBe(0);
  });

  it("caps XP plantings per wallet per UTC day and opens again at 00:00 UTC", () => {
    let state = fresh;
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const result = plantingXp(state, plant(MIN_PLANTING_FOR_XP), noon);
      total += result.xp;
      state = result.state;
    }
    expect(total).toBe(MAX_XP_PLANTINGS_PER_DAY * XP_PER_PLANTING);
    expect(plantingXp(state, plant(MIN_PLANTING_FOR_XP), new Date("2026-03-10T23:59:59Z")).xp).toBe(0);
    expect(plantingXp(state, plant(MIN_PLANTING_FOR_XP), new Date("2026-03-11T00:00:00Z")).xp).toBe(
      XP_PER_PLANTING,
    );
  });

  it("counts a late-seen event of an earlier day against the later day", () => {
    const full: PlantingXpState = { day: utcDay(noon), count: MAX_XP_PLANTINGS_PER_DAY };
    expect(plantingXp(full, plant(MIN_PLANTING_FOR_XP), new Date("2026-03-09T12:00:00Z")).xp).toBe(0);
  });

  it("refuses a zero amount", () => {
    expect(() => plantingXp(fresh, plant(0n), noon)).toThrow(GameRuleError);
  });
});

describe("harvestXp", () => {
  it("gives harvest XP for a harvest of the planting minimum or more, and none for dust", () => {
    expect(harvestXp(MIN_PLANTING_FOR_XP)).toBe(XP_PER_HARVEST);
    expect(harvestXp(250n * MIN_PLANTING_FOR_XP)).toBe(XP_PER_HARVEST);
    for (const dust of [1n, MIN_PLANTING_FOR_XP - 1n]) {
      expect(harvestXp(dust)).toBe(0);
      expect(holdingEarnsXp(dust)).toBe(false);
    }
  });
});
