import { describe, expect, it } from "vitest";
import { GameRuleError } from "./errors";
import { newPlayer } from "./player";
import { grantXp, takeBackXp, XP_PER_HARVEST, XP_PER_PLANTING } from "./xp";

const now = new Date("2026-03-10T12:00:00Z");

describe("grantXp", () => {
  it("adds planting and harvest XP and levels up across a threshold", () => {
    const planted = grantXp(newPlayer(now), { type: "grantXp", amount: XP_PER_PLANTING }, now);
    expect(planted).toMatchObject({ xp: 25, level: 1 });
    const harvested = grantXp(planted, { type: "grantXp", amount: XP_PER_HARVEST }, now);
    expect(harvested).toMatchObject({ xp: 75, level: 2 });
  });

  it("can jump several levels at once", () => {
    expect(grantXp(newPlayer(now), { type: "grantXp", amount: 450 }, now).level).toBe(4);
  });

  it("keeps the water as it is on a level-up", () => {
    const player = { ...newPlayer(now), xp: 40, water: 20 };
    expect(grantXp(player, { type: "grantXp", amount: 10 }, now)).toMatchObject({ level: 2, water: 20 });
  });

  it("refuses zero, negative or fractional grants", () => {
    for (const amount of [0, -5, 2.5])
      expect(() => grantXp(newPlayer(now), { type: "grantXp", amount }, now)).toThrow(GameRuleError);
  });
});

describe("takeBackXp", () => {
  it("takes the XP back, never below 0, and a lower level's smaller tank spills what is above it", () => {
    const player = { xp: 460, level: 4, water: 125, waterDay: 20_000 };
    expect(takeBackXp(player, 50)).toEqual({ xp: 410, level: 3, water: 120, waterDay: 20_000 });
    expect(takeBackXp({ ...player, water: 30 }, 50).water).toBe(30);
    expect(takeBackXp(player, 1_000)).toMatchObject({ xp: 0, level: 1, water: 100 });
  });
});
