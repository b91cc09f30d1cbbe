import { describe, expect, it } from "vitest";
import { MS_PER_DAY } from "../time";
import { liveStreak, NEW_STREAK, recordWateringDay, type StreakState } from "./streak";

const water = { type: "recordWateringDay" as const };
const at = (iso: string) => new Date(iso);

describe("recordWateringDay", () => {
  it("starts at 1 with the first watering", () => {
    expect(recordWateringDay(NEW_STREAK, water, at("2026-03-10T12:00:00Z"))).toMatchObject({
      current: 1,
      best: 1,
    });
  });

  it("grows by one across the 00:00 UTC boundary and counts a day once", () => {
    let state = recordWateringDay(NEW_STREAK, water, at("2026-03-10T23:59:59.999Z"));
    state = recordWateringDay(state, water, at("2026-03-11T00:00:00.000Z"));
    expect(state).toMatchObject({ current: 2, best: 2 });
    expect(recordWateringDay(state, water, at("2026-03-11T23:00:00Z"))).toBe(state);
  });

  it("follows UTC, not a UTC+7 player's local midnight", () => {
    const first = recordWateringDay(NEW_STREAK, water, at("2026-03-11T06:00:00+07:00"));
    expect(recordWateringDay(first, water, at("2026-03-11T06:59:00+07:00")).current).toBe(1);
    expect(recordWateringDay(first, water, at("2026-03-11T07:00:00+07:00")).current).toBe(2);
  });

  it("resets to 1 after a missed day and keeps the best", () => {
    const seven: StreakState = { current: 7, best: 7, lastDay: 20_000 };
    const missed = recordWateringDay(seven, water, new Date(20_002 * MS_PER_DAY));
    expect(missed).toEqual({ current: 1, best: 7, lastDay: 20_002 });
  });

  it("keeps the streak for a day before the last watering (a clock that went back)", () => {
    const state: StreakState = { current: 3, best: 3, lastDay: 20_000 };
    expect(recordWateringDay(state, water, new Date(19_999 * MS_PER_DAY))).toBe(state);
  });
});

describe("liveStreak", () => {
  const state: StreakState = { current: 4, best: 6, lastDay: 20_000 };
  it("is alive the day of the last watering and the day after, then 0", () => {
    expect(liveStreak(state, new Date(20_000 * MS_PER_DAY))).toBe(4);
    expect(liveStreak(state, new Date(20_001 * MS_PER_DAY + 1))).toBe(4);
    expect(liveStreak(state, new Date(20_002 * MS_PER_DAY))).toBe(0);
    expect(liveStreak(NEW_STREAK, new Date(20_000 * MS_PER_DAY))).toBe(0);
  });
});
