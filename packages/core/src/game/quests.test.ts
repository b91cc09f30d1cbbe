import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcDay } from "./day";
import { GameRuleError } from "./errors";
import {
  DAILY_QUEST_COUNT,
  drawDailyQuests,
  progressQuests,
  QUEST_POOL,
  questDefinition,
  questsForDay,
} from "./quests";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const noon = new Date("2026-03-10T12:00:00Z");
const day = utcDay(noon);

describe("drawDailyQuests", () => {
  it("draws three distinct quests from the pool", () => {
    const quests = drawDailyQuests(alice, day);
    expect(quests).toHaveLength(DAILY_QUEST_COUNT);
    expect(new Set(quests.map((quest) => quest.id)).size).toBe(DAILY_QUEST_COUNT);
    for (const quest of quests) expect(QUEST_POOL).toContainEqual(quest);
  });

  it("is the same draw for the same player and day, whatever the address's case", () => {
    expect(drawDailyQuests(alice.toLowerCase(), day)).toEqual(drawDailyQuests(alice, day));
  });

  it("is pinned: a change to the draw would reshuffle every player's day", () => {
    expect(drawDailyQuests(alice, 20_522).map((quest) => quest.id)).toEqual([
      "water-1",
      "water-5",
      "plant-1",
    ]);
  });

  it("differs between days and between players (the draw is not one fixed list)", () => {
    const days = new Set(
      Array.from({ length: 30 }, (_, i) =>
        drawDailyQuests(alice, day + i)
          .map((q) => q.id)
          .join(),
      ),
    );
    expect(days.size).toBeGreaterThan(5);
    const players = new Set(
      Array.from({ length: 30 }, (_, i) =>
        drawDailyQuests(`0x${(i + 1).toString(16).padStart(40, "0")}`, day)
          .map((q) => q.id)
          .join(),
      ),
    );
    expect(players.size).toBeGreaterThan(5);
  });

  it("always draws distinct quests of the pool", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^0x[0-9a-f]{40}$/),
        fc.integer({ min: 0, max: 100_000 }),
        (address, d) => {
          const ids = drawDailyQuests(address, d).map((quest) => quest.id);
          return new Set(ids).size === DAILY_QUEST_COUNT && ids.every((id) => questDefinition(id).id === id);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("progressQuests", () => {
  const water = (count: number) => ({ type: "questEvent" as const, kind: "water" as const, count });

  it("moves only quests of the event's kind, stops at the target and stamps completion once", () => {
    let state = questsForDay(null, alice, noon);
    const waterQuests = state.quests.filter((quest) => quest.kind === "water");
    state = progressQuests(state, alice, water(10), noon);
    for (const quest of state.quests) {
      if (quest.kind === "water") expect(quest).toMatchObject({ progress: quest.target, completedAt: noon });
      else expect(quest).toMatchObject({ progress: 0, completedAt: null });
    }
    const later = new Date("2026-03-10T13:00:00Z");
    const again = progressQuests(state, alice, water(1), later);
    for (const quest of again.quests.filter((q) => q.kind === "water"))
      expect(quest.completedAt).toEqual(noon);
    expect(waterQuests.length).toBe(state.quests.filter((quest) => quest.kind === "water").length);
  });

  it("draws new quests at 00:00 UTC and never carries progress over", () => {
    const today = progressQuests(null, alice, water(5), noon);
    const tomorrow = progressQuests(today, alice, water(1), new Date("2026-03-11T00:00:00Z"));
    expect(tomorrow.day).toBe(day + 1);
    expect(tomorrow.quests.map((quest) => quest.id)).toEqual(
      drawDailyQuests(alice, day + 1).map((q) => q.id),
    );
    for (const quest of tomorrow.quests) expect(quest.progress).toBe(quest.kind === "water" ? 1 : 0);
  });

  it("refuses zero or fractional counts, a day going back and unknown quest ids", () => {
    expect(() => progressQuests(null, alice, water(0), noon)).toThrow(GameRuleError);
    expect(() => progressQuests(null, alice, water(1.5), noon)).toThrow(GameRuleError);
    const state = questsForDay(null, alice, noon);
    expect(() => questsForDay(state, alice, new Date("2026-03-09T12:00:00Z"))).toThrow(GameRuleError);
    expect(() => questDefinition("dance-1")).toThrow(GameRuleError);
  });
});
