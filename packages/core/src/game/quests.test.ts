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
  const counts = (water: number, plant = 0, harvest = 0) => ({ water, plant, harvest });
  const fresh = { day: -1, progress: [] };

  it("moves only quests of the events' kind, stops at the target and completes each quest once", () => {
    const quests = drawDailyQuests(alice, day);
    const moved = progressQuests(fresh, alice, counts(10), day);
    expect(moved.slots).toEqual({
      day,
      progress: quests.map((quest) => (quest.kind === "water" ? quest.target : 0)),
    });
    expect(moved.completed).toEqual(
      quests.filter((quest) => quest.kind === "water").map((quest) => quest.id),
    );
    const again = progressQuests(moved.slots, alice, counts(1), day);
    expect(again.completed).toEqual([]);
    expect(again.slots).toEqual(moved.slots);
  });

  it("counts the day once, when the events complete its last open quest", () => {
    const quests = drawDailyQuests(alice, day);
    const everything = counts(5, 2, 1);
    const done = progressQuests(fresh, alice, everything, day);
    expect(done.dayCompleted).toBe(true);
    expect(done.completed).toEqual(quests.map((quest) => quest.id));
    expect(progressQuests(done.slots, alice, everything, day).dayCompleted).toBe(false);
  });

  it("draws new quests at 00:00 UTC and never carries progress over", () => {
    const today = progressQuests(fresh, alice, counts(5), day);
    const tomorrow = progressQuests(today.slots, alice, counts(1), day + 1);
    expect(tomorrow.slots).toEqual({
      day: day + 1,
      progress: drawDailyQuests(alice, day + 1).map((quest) => (quest.kind === "water" ? 1 : 0)),
    });
    expect(questsForDay(today.slots, alice, day + 1).every((quest) => quest.progress === 0)).toBe(true);
  });

  it("moves nothing for events of a day before the stored one (a clock that went back)", () => {
    const today = progressQuests(fresh, alice, counts(1), day);
    expect(progressQuests(today.slots, alice, counts(5, 2, 1), day - 1)).toEqual({
      slots: today.slots,
      completed: [],
      dayCompleted: false,
    });
  });

  it("refuses fractional or negative counts and unknown quest ids", () => {
    expect(() => progressQuests(fresh, alice, counts(1.5), day)).toThrow(GameRuleError);
    expect(() => progressQuests(fresh, alice, counts(-1), day)).toThrow(GameRuleError);
    expect(() => questDefinition("dance-1")).toThrow(GameRuleError);
  });
});
