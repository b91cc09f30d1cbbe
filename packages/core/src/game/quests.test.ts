import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHORE_IDS,
  CHORE_POOL,
  type ChoreFacts,
  chorePossible,
  daysLeftInWeek,
  drawWeeklyChores,
  WEEKLY_CHORE_COUNT,
} from "./chores";
import { GameRuleError } from "./errors";
import { MIN_PLANTING_FOR_XP } from "./planting-xp";
import {
  cropQuestFacts,
  DAILY_QUEST_COUNT,
  drawDailyQuests,
  QUEST_IDS,
  QUEST_POOL,
  type QuestFacts,
  questDefinition,
  questPossible,
} from "./quests";
import { moveBoard } from "./task-board";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const day = 20_522; // Tuesday 2026-03-10
const onePlant: QuestFacts = { plants: 1, waterable: 1, ripe: 0, seeds: 0, listing: false };
const nothing: QuestFacts = { plants: 0, waterable: 0, ripe: 0, seeds: 0, listing: false };

const questFacts = fc.record<QuestFacts>({
  plants: fc.integer({ min: 0, max: 12 }),
  waterable: fc.integer({ min: 0, max: 12 }),
  ripe: fc.integer({ min: 0, max: 3 }),
  seeds: fc.integer({ min: 0, max: 3 }),
  listing: fc.boolean(),
});
const address = fc.stringMatching(/^0x[0-9a-fA-F]{40}$/);

describe("cropQuestFacts", () => {
  it("counts a dust crop as a plant, never as one to water or harvest (it earns no XP, so no quest)", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const crop = (shares: bigint, status: "funded" | "settled") => ({
      crop: {
        status,
        fundedAt: new Date("2026-03-01T00:00:00Z"),
        maturity: new Date("2026-04-01T00:00:00Z"),
        shares,
        hasHarvested: false,
        graceDays: 30,
      },
      wateredToday: false,
    });
    const shop = { seeds: 0, listing: false };
    const dust = MIN_PLANTING_FOR_XP - 1n;
    expect(cropQuestFacts([crop(dust, "funded"), crop(dust, "settled")], 100, now, shop)).toMatchObject({
      plants: 2,
      waterable: 0,
      ripe: 0,
    });
    const real = MIN_PLANTING_FOR_XP;
    expect(cropQuestFacts([crop(real, "funded"), crop(real, "settled")], 100, now, shop)).toMatchObject({
      plants: 2,
      waterable: 1,
      ripe: 1,
    });
  });
});

describe("drawDailyQuests", () => {
  it("never asks a player with one plant to water more than one, nor to harvest what is not ripe", () => {
    for (let d = day; d < day + 60; d++) {
      const quests = drawDailyQuests(alice, d, onePlant);
      expect(quests).toHaveLength(DAILY_QUEST_COUNT);
      for (const quest of quests) {
        if (quest.kind === "water") expect(quest.target).toBe(1);
        expect(quest.kind).not.toBe("harvest");
      }
    }
  });

  it("gives a player with nothing to tend three things to do all the same, none of them money", () => {
    const quests = drawDailyQuests(alice, day, nothing);
    expect(quests).toHaveLength(DAILY_QUEST_COUNT);
    expect(quests.map((quest) => quest.kind).sort()).toEqual(["garden", "leaderboard", "profile"]);
  });

  it("asks first for what the garden needs: a waterable or ripe plant always gets its quest", () => {
    const quests = drawDailyQuests(alice, day, { ...onePlant, waterable: 4, ripe: 1 });
    expect(
      quests
        .slice(0, 2)
        .map((quest) => quest.kind)
        .sort(),
    ).toEqual(["harvest", "water"]);
  });

  it("draws distinct kinds of possible quests, never a planting, reproducibly and whatever the address's case", () => {
    fc.assert(
      fc.property(address, fc.integer({ min: 0, max: 100_000 }), questFacts, (wallet, d, facts) => {
        const quests = drawDailyQuests(wallet, d, facts);
        expect(quests).toHaveLength(DAILY_QUEST_COUNT);
        expect(new Set(quests.map((quest) => quest.kind)).size).toBe(DAILY_QUEST_COUNT);
        for (const quest of quests) {
          expect(questPossible(quest.id, facts)).toBe(true);
          expect(quest.kind).not.toBe("plant");
          expect(QUEST_IDS).toContain(quest.id);
        }
        expect(drawDailyQuests(wallet.toLowerCase(), d, facts)).toEqual(quests);
        expect(drawDailyQuests(wallet.toUpperCase().replace("0X", "0x"), d, facts)).toEqual(quests);
      }),
      { numRuns: 300, seed: 20_261_126 },
    );
  });

  it("is never impossible: the events the facts allow in one day complete every quest drawn", () => {
    fc.assert(
      fc.property(address, fc.integer({ min: 0, max: 100_000 }), questFacts, (wallet, d, facts) => {
        const ids = drawDailyQuests(wallet, d, facts).map((quest) => quest.id);
        const counts = {
          water: facts.waterable,
          harvest: facts.ripe,
          factsheet: facts.seeds,
          market: facts.listing ? 1 : 0,
          garden: 1,
          leaderboard: 1,
          profile: 1,
        };
        const moved = moveBoard(QUEST_POOL, { ids, progress: [0, 0, 0] }, counts);
        expect(moved.completed).toEqual(ids);
        expect(moved.allCompleted).toBe(true);
      }),
      { numRuns: 300, seed: 20_261_127 },
    );
  });

  it("differs between days and between players", () => {
    const facts = { plants: 5, waterable: 5, ripe: 1, seeds: 3, listing: true };
    const draws = (make: (i: number) => string) =>
      new Set(Array.from({ length: 30 }, (_, i) => make(i))).size;
    expect(
      draws((i) =>
        drawDailyQuests(alice, day + i, facts)
          .map((q) => q.id)
          .join(),
      ),
    ).toBeGreaterThan(5);
    expect(
      draws((i) =>
        drawDailyQuests(`0x${(i + 1).toString(16).padStart(40, "0")}`, day, facts)
          .map((q) => q.id)
          .join(),
      ),
    ).toBeGreaterThan(5);
  });

  it("keeps the planting quests old rows hold readable, and refuses unknown ids", () => {
    expect(questDefinition("plant-2")).toEqual({ id: "plant-2", kind: "plant", target: 2 });
    expect(() => questDefinition("dance-1")).toThrow(GameRuleError);
    for (const id of QUEST_IDS) expect(questDefinition(id).id).toBe(id);
    expect([...QUEST_IDS].sort()).toEqual(QUEST_POOL.map((quest) => quest.id).sort());
    expect([...CHORE_IDS].sort()).toEqual(CHORE_POOL.map((chore) => chore.id).sort());
  });
});

describe("drawWeeklyChores", () => {
  const choreFacts = fc
    .tuple(questFacts, fc.integer({ min: 0, max: 100_000 }))
    .map(([facts, d]): [ChoreFacts, number] => [{ ...facts, daysLeft: daysLeftInWeek(d) }, d]);

  it("counts the days left in the ISO week, today included", () => {
    expect(daysLeftInWeek(day - 1)).toBe(7); // Monday
    expect(daysLeftInWeek(day)).toBe(6);
    expect(daysLeftInWeek(day + 5)).toBe(1); // Sunday
  });

  it("draws five distinct possible chores, reproducibly, asking no more days than the week has left", () => {
    fc.assert(
      fc.property(address, choreFacts, (wallet, [facts]) => {
        const chores = drawWeeklyChores(wallet, "2026-W11", facts);
        expect(chores).toHaveLength(WEEKLY_CHORE_COUNT);
        expect(new Set(chores.map((chore) => chore.kind)).size).toBe(WEEKLY_CHORE_COUNT);
        for (const chore of chores) expect(chorePossible(chore.id, facts)).toBe(true);
        expect(drawWeeklyChores(wallet.toLowerCase(), "2026-W11", facts)).toEqual(chores);
      }),
      { numRuns: 300, seed: 20_261_128 },
    );
  });

  it("is never impossible: the days left, each played as the facts allow, complete every chore drawn", () => {
    fc.assert(
      fc.property(address, choreFacts, (wallet, [facts]) => {
        const ids = drawWeeklyChores(wallet, "2026-W11", facts).map((chore) => chore.id);
        let board = { ids, progress: [0, 0, 0, 0, 0] as number[] };
        const completed: string[] = [];
        for (let d = 0; d < facts.daysLeft; d++) {
          const moved = moveBoard(CHORE_POOL, board, {
            water: facts.waterable,
            waterDay: facts.waterable > 0 ? 1 : 0,
            questDay: 1,
            harvest: facts.ripe,
            factsheet: facts.seeds,
            market: 1,
            garden: 1,
            leaderboard: 1,
            profile: 1,
          });
          completed.push(...moved.completed);
          board = { ids, progress: moved.progress };
        }
        expect(completed.sort()).toEqual([...ids].sort());
      }),
      { numRuns: 300, seed: 20_261_129 },
    );
  });
});
