import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MS_PER_DAY } from "../time";
import {
  passReward,
  passTierKeys,
  passTiers,
  passTiersCrossed,
  type ReachedTier,
  recordReachedTiers,
  SEASON_PASS_TIERS,
  SEASON_THEMES,
  seasonTheme,
  seasonThemeOf,
} from "./season-pass";
import { addSeasonXp, type PlayerSeason, seasonFromId, seasonOf, takeBackSeasonXp } from "./seasons";

const at = (iso: string) => new Date(iso);
const NONE: PlayerSeason = { season: "", xp: 0, reachedAt: new Date(0) };

describe("season themes", () => {
  it("turn once a week through the fixed list, the same for every player", () => {
    const weeks = ["2026-W11", "2026-W12", "2026-W13", "2026-W14", "2026-W15"].map(
      (id) => seasonThemeOf(id)!.id,
    );
    expect(new Set(weeks.slice(0, 4)).size).toBe(SEASON_THEMES.length);
    expect(weeks[4]).toBe(weeks[0]);
    expect(seasonThemeOf("2026-W99")).toBeNull();
  });

  it("keep the theme for the whole week, to the millisecond", () => {
    const week = seasonOf(at("2026-03-11T12:00:00Z"));
    expect(seasonTheme(seasonOf(at("2026-03-09T00:00:00Z")))).toBe(seasonTheme(week));
    expect(seasonTheme(seasonOf(at("2026-03-15T23:59:59.999Z")))).toBe(seasonTheme(week));
    expect(seasonTheme(seasonOf(at("2026-03-16T00:00:00Z")))).not.toBe(seasonTheme(week));
  });

  it("give each theme its own rewards, one per tier", () => {
    const rewards = SEASON_THEMES.flatMap((theme) => theme.rewards);
    expect(new Set(rewards).size).toBe(rewards.length);
    for (const theme of SEASON_THEMES) expect(theme.rewards).toHaveLength(SEASON_PASS_TIERS.length);
    expect(() => passReward(SEASON_THEMES[0], 4)).toThrow(RangeError);
  });
});

describe("passTiersCrossed", () => {
  it("reaches each tier once, when the season XP first passes its threshold", () => {
    const now = at("2026-03-10T08:00:00Z");
    const a = addSeasonXp(NONE, 45, now).state;
    expect(passTiersCrossed(NONE, a)).toEqual([]);
    const b = addSeasonXp(a, 5, now).state;
    expect(passTiersCrossed(a, b)).toEqual([{ season: "2026-W11", tier: 1, reachedAt: now }]);
    const c = addSeasonXp(b, 300, now).state;
    expect(passTiersCrossed(b, c).map((tier) => tier.tier)).toEqual([2, 3]);
    expect(passTiersCrossed(c, addSeasonXp(c, 5, now).state)).toEqual([]);
  });

  it("starts a new week from nothing: the finished week's XP reaches nothing in it", () => {
    const held = addSeasonXp(NONE, 200, at("2026-03-10T00:00:00Z")).state;
    const next = addSeasonXp(held, 60, at("2026-03-16T00:00:00Z")).state;
    expect(passTiersCrossed(held, next)).toEqual([
      { season: "2026-W12", tier: 1, reachedAt: next.reachedAt },
    ]);
  });

  it("crosses nothing when XP is taken back, and the tier first reached stays as it was", () => {
    const first = at("2026-03-10T00:00:00Z");
    const held = addSeasonXp(NONE, 60, first).state;
    const kept = recordReachedTiers([], passTiersCrossed(NONE, held));
    const lowered = takeBackSeasonXp(held, held.season, 30);
    expect(passTiersCrossed(held, lowered)).toEqual([]);
    const again = addSeasonXp(lowered, 40, at("2026-03-11T00:00:00Z")).state;
    expect(passTiersCrossed(lowered, again)).toHaveLength(1);
    expect(recordReachedTiers(kept, passTiersCrossed(lowered, again))).toEqual([
      { season: "2026-W11", tier: 1, reachedAt: first },
    ]);
  });

  /** Moves of a player's season row: XP gained at a moment (days from a Monday), or XP taken back. */
  const move = fc.oneof(
    fc.record({
      kind: fc.constant("gain" as const),
      xp: fc.integer({ min: 0, max: 120 }),
      ms: fc.nat(40 * MS_PER_DAY),
    }),
    fc.record({
      kind: fc.constant("takeBack" as const),
      xp: fc.integer({ min: 0, max: 120 }),
      ms: fc.constant(0),
    }),
  );
  const start = Date.UTC(2026, 2, 9);

  it("never grants after the season's end, and each tier of a season at most once (property)", () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        let state = NONE;
        let reached: ReachedTier[] = [];
        for (const m of moves) {
          const now = new Date(start + m.ms);
          const next =
            m.kind === "gain"
              ? addSeasonXp(state, m.xp, now).state
              : takeBackSeasonXp(state, state.season, m.xp);
          for (const tier of passTiersCrossed(state, next)) {
            const season = seasonFromId(tier.season)!;
            // Reached while its week runs (or ahead of it, on a clock that went back), never once it ended.
            if (m.kind === "gain") expect(now.getTime()).toBeLessThan(season.endsAt.getTime());
            expect(m.kind).toBe("gain");
            reached = recordReachedTiers(reached, [tier]);
          }
          state = next;
        }
        const keys = reached.map((tier) => `${tier.season}:${tier.tier}`);
        expect(new Set(keys).size).toBe(keys.length);
        // Whatever the order, a week's XP at or above a threshold has reached that tier.
        if (state.season !== "")
          for (const [i, threshold] of SEASON_PASS_TIERS.entries())
            if (state.xp >= threshold) expect(keys).toContain(`${state.season}:${i + 1}`);
      }),
      { seed: 20_261_126, numRuns: 300 },
    );
  });
});

describe("the pass as shown", () => {
  it("lists the running season's tiers with their rewards and when each was reached", () => {
    const season = seasonOf(at("2026-03-11T00:00:00Z"));
    const theme = seasonTheme(season);
    const reachedAt = at("2026-03-10T00:00:00Z");
    const tiers = passTiers(season, [
      { season: season.id, tier: 1, reachedAt },
      { season: "2026-W10", tier: 2, reachedAt },
    ]);
    expect(tiers).toEqual([
      { tier: 1, xp: 50, reward: theme.rewards[0], reachedAt },
      { tier: 2, xp: 150, reward: theme.rewards[1], reachedAt: null },
      { tier: 3, xp: 300, reward: theme.rewards[2], reachedAt: null },
    ]);
  });

  it("keeps the rewards of every tier ever reached, by theme", () => {
    const keys = passTierKeys([
      { season: "2026-W11", tier: 1 },
      { season: "2026-W12", tier: 3 },
      { season: "nonsense", tier: 1 },
    ]);
    expect(keys).toEqual(
      new Set([`${seasonThemeOf("2026-W11")!.id}:1`, `${seasonThemeOf("2026-W12")!.id}:3`]),
    );
  });
});
