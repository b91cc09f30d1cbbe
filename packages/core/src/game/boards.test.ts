import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BoardCounts,
  type Boards,
  choresOfWeek,
  DAILY_QUEST_XP_CAP,
  drawBoards,
  NO_BOARDS,
  progressBoards,
  questsOfDay,
  WEEKLY_CHORE_XP_CAP,
  XP_PER_CHORE,
  XP_PER_QUEST,
} from "./boards";
import { startOfUtcDay } from "./day";
import { GameRuleError } from "./errors";
import { seasonOf } from "./seasons";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const monday = 20_521; // 2026-03-09, season 2026-W11
const weekOf = (day: number) => seasonOf(startOfUtcDay(day)).id;
const plenty = { plants: 6, waterable: 6, ripe: 1, seeds: 3, listing: true };
const nothing = { plants: 0, waterable: 0, ripe: 0, seeds: 0, listing: false };

/** Everything a day can bring, many times over. */
const everything: BoardCounts = {
  water: 10,
  waterDay: 1,
  harvest: 2,
  factsheet: 3,
  market: 1,
  garden: 1,
  leaderboard: 1,
  profile: 1,
};

describe("drawBoards", () => {
  it("draws today's quests and the week's chores once; later reads keep them whatever the facts are then", () => {
    const first = drawBoards(NO_BOARDS, alice, nothing, monday, weekOf(monday));
    expect(first.quests).toMatchObject({ day: monday, progress: [0, 0, 0], xp: 0 });
    expect(first.quests.ids).toHaveLength(3);
    expect(first.chores.ids).toHaveLength(5);
    const later = drawBoards(first, alice, plenty, monday, weekOf(monday));
    expect(later).toEqual(first);
    const tuesday = drawBoards(first, alice, plenty, monday + 1, weekOf(monday + 1));
    expect(tuesday.quests.day).toBe(monday + 1);
    expect(tuesday.chores).toBe(first.chores);
  });

  it("never moves back when the clock does", () => {
    const tuesday = drawBoards(NO_BOARDS, alice, plenty, monday + 1, weekOf(monday + 1));
    expect(drawBoards(tuesday, alice, nothing, monday, weekOf(monday))).toEqual(tuesday);
  });
});

describe("progressBoards", () => {
  const drawn = drawBoards(NO_BOARDS, alice, plenty, monday, weekOf(monday));

  it("completes each quest once with its XP, and counts the day for the quest-days chores", () => {
    const moved = progressBoards(drawn, everything, monday, weekOf(monday));
    expect(moved.questsCompleted).toEqual(drawn.quests.ids);
    expect(moved.dayCompleted).toBe(true);
    expect(moved.xp).toBe(3 * XP_PER_QUEST + XP_PER_CHORE * moved.choresCompleted.length);
    // More of what may happen again the same day (a visit counts once a day, so does the day's first watering).
    const again = progressBoards(moved.boards, { water: 10, harvest: 2 }, monday, weekOf(monday));
    expect(again).toMatchObject({ questsCompleted: [], choresCompleted: [], dayCompleted: false, xp: 0 });
  });

  it("moves nothing of a board that is not the day's or the week's", () => {
    const moved = progressBoards(drawn, everything, monday + 1, weekOf(monday + 7));
    expect(moved).toEqual({
      boards: drawn,
      questsCompleted: [],
      choresCompleted: [],
      dayCompleted: false,
      xp: 0,
    });
    expect(questsOfDay(drawn, monday + 1)).toEqual([]);
    expect(choresOfWeek(drawn, weekOf(monday + 7))).toEqual([]);
  });

  it("refuses fractional or negative counts", () => {
    expect(() => progressBoards(drawn, { water: 1.5 }, monday, weekOf(monday))).toThrow(GameRuleError);
    expect(() => progressBoards(drawn, { garden: -1 }, monday, weekOf(monday))).toThrow(GameRuleError);
  });

  it("never exceeds the day's and the week's XP caps, and progress never moves back, whatever happens", () => {
    const event = fc.record({
      /** Days after Monday of the first week (two weeks), sometimes before the last one (a clock that went back). */
      day: fc.integer({ min: 0, max: 13 }),
      read: fc.boolean(),
      facts: fc.record({
        plants: fc.integer({ min: 0, max: 6 }),
        waterable: fc.integer({ min: 0, max: 6 }),
        ripe: fc.integer({ min: 0, max: 2 }),
        seeds: fc.integer({ min: 0, max: 3 }),
        listing: fc.boolean(),
      }),
      counts: fc.record(
        {
          water: fc.integer({ min: 0, max: 6 }),
          waterDay: fc.integer({ min: 0, max: 1 }),
          harvest: fc.integer({ min: 0, max: 2 }),
          factsheet: fc.integer({ min: 0, max: 3 }),
          market: fc.integer({ min: 0, max: 1 }),
          garden: fc.integer({ min: 0, max: 1 }),
          leaderboard: fc.integer({ min: 0, max: 1 }),
          profile: fc.integer({ min: 0, max: 1 }),
        },
        { requiredKeys: [] },
      ),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let boards: Boards = NO_BOARDS;
        const xpByDay = new Map<number, number>();
        const xpByWeek = new Map<string, number>();
        for (const { day: offset, read, facts, counts } of events) {
          const day = monday + offset;
          const week = weekOf(day);
          if (read) boards = drawBoards(boards, alice, facts, day, week);
          const moved = progressBoards(boards, counts, day, week);
          const questXp = moved.boards.quests.xp - boards.quests.xp;
          const choreXp = moved.boards.chores.xp - boards.chores.xp;
          expect(moved.xp).toBe(questXp + choreXp);
          xpByDay.set(boards.quests.day, (xpByDay.get(boards.quests.day) ?? 0) + questXp);
          xpByWeek.set(boards.chores.week, (xpByWeek.get(boards.chores.week) ?? 0) + choreXp);
          for (const [before, after] of [
            [boards.quests, moved.boards.quests],
            [boards.chores, moved.boards.chores],
          ] as const) {
            expect(after.ids).toEqual(before.ids);
            before.progress.forEach((value, slot) => {
              expect(after.progress[slot]).toBeGreaterThanOrEqual(value);
            });
          }
          boards = moved.boards;
        }
        for (const xp of xpByDay.values()) expect(xp).toBeLessThanOrEqual(DAILY_QUEST_XP_CAP);
        for (const xp of xpByWeek.values()) expect(xp).toBeLessThanOrEqual(WEEKLY_CHORE_XP_CAP);
      }),
      { numRuns: 300, seed: 20_261_130 },
    );
  });
});
