import { describe, expect, it } from "vitest";
import { MS_PER_DAY } from "../time";
import {
  addSeasonXp,
  type PlayerSeason,
  seasonFromId,
  seasonOf,
  seasonPodium,
  takeBackSeasonXp,
} from "./seasons";

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

describe("addSeasonXp", () => {
  const start: PlayerSeason = { season: "", xp: 0, reachedAt: at("2026-03-01T00:00:00Z") };

  it("adds XP in the week, and the first XP of a new week archives the finished one and starts from zero", () => {
    const first = addSeasonXp(start, 5, at("2026-03-10T00:00:00Z"));
    expect(first).toEqual({
      state: { season: "2026-W11", xp: 5, reachedAt: at("2026-03-10T00:00:00Z") },
      archived: null,
    });
    const same = addSeasonXp(first.state, 0, at("2026-03-11T00:00:00Z"));
    expect(same.state).toEqual(first.state);
    const next = addSeasonXp(same.state, 25, at("2026-03-16T00:00:00Z"));
    expect(next).toEqual({
      state: { season: "2026-W12", xp: 25, reachedAt: at("2026-03-16T00:00:00Z") },
      archived: first.state,
    });
  });

  it("counts XP of an earlier week in the week held (a season never moves back)", () => {
    const held = addSeasonXp(start, 5, at("2026-03-16T00:00:00Z")).state;
    expect(addSeasonXp(held, 3, at("2026-03-15T23:59:59Z"))).toEqual({
      state: { season: "2026-W12", xp: 8, reachedAt: at("2026-03-15T23:59:59Z") },
      archived: null,
    });
  });
});

describe("takeBackSeasonXp", () => {
  it("takes XP out of the week it was granted in only, never below 0", () => {
    const held = { season: "2026-W12", xp: 8, reachedAt: at("2026-03-16T00:00:00Z") };
    expect(takeBackSeasonXp(held, "2026-W12", 5).xp).toBe(3);
    expect(takeBackSeasonXp(held, "2026-W12", 50).xp).toBe(0);
    expect(takeBackSeasonXp(held, "2026-W11", 5)).toBe(held);
  });
});

describe("seasonPodium", () => {
  it("keeps the top ten above zero, ties to the earliest, then the address", () => {
    const scores = Array.from({ length: 12 }, (_, i) => ({
      address: `0x${i}`,
      score: 10 + (i % 6),
      reachedAt: at(`2026-03-1${i % 6}T00:00:00Z`),
    }));
    const podium = seasonPodium([
      ...scores,
      { address: "0xzero", score: 0, reachedAt: at("2026-03-09T00:00:00Z") },
    ]);
    expect(podium).toHaveLength(10);
    expect(podium.map((score) => score.address).slice(0, 3)).toEqual(["0x11", "0x5", "0x10"]);
  });
});

describe("seasonFromId", () => {
  it("is the inverse of seasonOf for every week of several years", () => {
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 7 * MS_PER_DAY) {
      const season = seasonOf(new Date(day));
      expect(seasonFromId(season.id)).toEqual(season);
    }
  });

  it("refuses ids that are not ISO weeks", () => {
    expect(seasonFromId("2026-W54")).toBeNull();
    expect(seasonFromId("2026-11")).toBeNull();
  });
});
