import { describe, expect, it } from "vitest";
import { GameRuleError } from "./errors";
import { addSeasonXp, rollSeason, type SeasonsState, seasonFromId, seasonOf } from "./seasons";

const at = (iso: string) => new Date(iso);

describe("seasonOf", () => {
  it("runs Monday 00:00 UTC to the next Monday", () => {
    const season = seasonOf(at("2026-03-11T12:00:00Z"));
    expect(season).toEqual({
      id: "2026-W11",
      startsAt: at("2026-03-09T00:00:00Z"),
      endsAt: at("2026-03-16T00:00:00Z"),
    });
  });

  it("rolls at the week boundary to the millisecond", () => {
    expect(seasonOf(at("2026-03-15T23:59:59.999Z")).id).toBe("2026-W11");
    expect(seasonOf(at("2026-03-16T00:00:00.000Z")).id).toBe("2026-W12");
  });

  it("uses the ISO week-numbering year around new year", () => {
    expect(seasonOf(at("2026-01-01T00:00:00Z")).id).toBe("2026-W01");
    expect(seasonOf(at("2027-01-01T00:00:00Z")).id).toBe("2026-W53");
    expect(seasonOf(at("2024-12-30T00:00:00Z")).id).toBe("2025-W01");
  });
});

describe("season rollover", () => {
  const start: SeasonsState = { current: seasonOf(at("2026-03-09T00:00:00Z")), scores: [], past: [] };
  const add = (state: SeasonsState, address: string, xp: number, iso: string) =>
    addSeasonXp(state, { type: "addSeasonXp", address, xp }, at(iso));

  it("keeps the finished season's top ten, ties to the earliest, and starts the new one empty", () => {
    let state = start;
    for (let i = 0; i < 12; i++) state = add(state, `0x${i}`, 10 + (i % 6), `2026-03-1${i % 6}T00:00:00Z`);
    state = add(state, "0xlate", 25, "2026-03-15T23:59:59Z");
    const rolled = add(state, "0xnew", 5, "2026-03-16T00:00:00Z");
    expect(rolled.current.id).toBe("2026-W12");
    expect(rolled.scores).toEqual([{ address: "0xnew", score: 5, reachedAt: at("2026-03-16T00:00:00Z") }]);
    const podium = rolled.past[0]!;
    expect(podium.season.id).toBe("2026-W11");
    expect(podium.top).toHaveLength(10);
    expect(podium.top.map((score) => score.address).slice(0, 3)).toEqual(["0xlate", "0x11", "0x5"]);
  });

  it("refuses to roll back to an earlier week", () => {
    expect(() => rollSeason(start, at("2026-03-01T00:00:00Z"))).toThrow(GameRuleError);
  });
});

describe("seasonFromId", () => {
  it("is the inverse of seasonOf for every week of several years", () => {
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 7 * 86_400_000) {
      const season = seasonOf(new Date(day));
      expect(seasonFromId(season.id)).toEqual(season);
    }
  });

  it("refuses ids that are not ISO weeks", () => {
    expect(seasonFromId("2026-W54")).toBeNull();
    expect(seasonFromId("2026-11")).toBeNull();
  });
});
