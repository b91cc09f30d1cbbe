import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decideHelp,
  HELP_XP_DAILY_CAP,
  HELPS_GIVEN_PER_DAY,
  HELPS_REWARDED_PER_DAY,
  type HelpCounters,
  type HelpFacts,
  helpsLeft,
  isVerifiedInvestor,
  NO_HELPS,
  runHelps,
  TEAM_GOAL_PER_MEMBER,
  TEAM_MAX_MEMBERS,
  teamEventReached,
  teamGoal,
  XP_PER_HELP,
} from "./neighbours";

const DAY = 20_000;
const facts = (over: Partial<HelpFacts> = {}): HelpFacts => ({
  helper: "0xAa",
  owner: "0xBb",
  helperVerified: true,
  ownerVerified: true,
  alreadyHelped: false,
  helperCounters: NO_HELPS,
  ownerCounters: NO_HELPS,
  ...over,
});

describe("decideHelp", () => {
  it("gives both sides XP_PER_HELP and counts the help on the day", () => {
    expect(decideHelp(facts(), DAY)).toEqual({
      ok: true,
      helperXp: XP_PER_HELP,
      ownerXp: XP_PER_HELP,
      helperCounters: { day: DAY, given: 1, rewarded: 0 },
      ownerCounters: { day: DAY, given: 0, rewarded: 1 },
    });
  });

  it("refuses oneself in any case, the unverified on either side, a second help and the helper past its limit", () => {
    expect(decideHelp(facts({ owner: "0xAA" }), DAY)).toEqual({ ok: false, refusal: "self" });
    expect(decideHelp(facts({ helperVerified: false }), DAY)).toEqual({
      ok: false,
      refusal: "helper-unverified",
    });
    expect(decideHelp(facts({ ownerVerified: false }), DAY)).toEqual({
      ok: false,
      refusal: "owner-unverified",
    });
    expect(decideHelp(facts({ alreadyHelped: true }), DAY)).toEqual({ ok: false, refusal: "already-helped" });
    const full: HelpCounters = { day: DAY, given: HELPS_GIVEN_PER_DAY, rewarded: 0 };
    expect(decideHelp(facts({ helperCounters: full }), DAY)).toEqual({ ok: false, refusal: "helper-limit" });
    // A new day opens the limit again.
    expect(decideHelp(facts({ helperCounters: full }), DAY + 1).ok).toBe(true);
  });

  it("thanks an owner past its daily cap without XP and leaves its counters", () => {
    const owner: HelpCounters = { day: DAY, given: 1, rewarded: HELPS_REWARDED_PER_DAY };
    const outcome = decideHelp(facts({ ownerCounters: owner }), DAY);
    expect(outcome).toMatchObject({ ok: true, helperXp: XP_PER_HELP, ownerXp: 0, ownerCounters: owner });
  });

  it("closes a day before the stored one (a clock that went back)", () => {
    const later: HelpCounters = { day: DAY + 1, given: 0, rewarded: 0 };
    expect(decideHelp(facts({ helperCounters: later }), DAY)).toEqual({ ok: false, refusal: "helper-limit" });
    expect(decideHelp(facts({ ownerCounters: later }), DAY)).toMatchObject({
      ownerXp: 0,
      ownerCounters: later,
    });
    expect(helpsLeft(later, DAY)).toBe(0);
    expect(helpsLeft(later, DAY + 1)).toBe(HELPS_GIVEN_PER_DAY);
  });
});

describe("isVerifiedInvestor", () => {
  const now = new Date("2026-11-26T00:00:00Z");
  const seconds = now.getTime() / 1000;
  it("needs a tier, no freeze and a validity reaching the chain's time", () => {
    expect(isVerifiedInvestor({ tier: 1, frozen: false, validUntil: seconds }, now)).toBe(true);
    expect(isVerifiedInvestor({ tier: 2, frozen: false, validUntil: seconds + 1 }, now)).toBe(true);
    expect(isVerifiedInvestor({ tier: 1, frozen: false, validUntil: seconds - 1 }, now)).toBe(false);
    expect(isVerifiedInvestor({ tier: 1, frozen: true, validUntil: seconds + 9 }, now)).toBe(false);
    expect(isVerifiedInvestor({ tier: 0, frozen: false, validUntil: seconds + 9 }, now)).toBe(false);
    expect(isVerifiedInvestor(null, now)).toBe(false);
  });
});

describe("teamGoal", () => {
  it("scales with the members, at least one member's worth and at most a full team's", () => {
    expect(teamGoal(0)).toBe(TEAM_GOAL_PER_MEMBER);
    expect(teamGoal(3)).toBe(3 * TEAM_GOAL_PER_MEMBER);
    expect(teamGoal(TEAM_MAX_MEMBERS + 5)).toBe(TEAM_MAX_MEMBERS * TEAM_GOAL_PER_MEMBER);
    expect(teamEventReached(3 * TEAM_GOAL_PER_MEMBER - 1, 3)).toBe(false);
    expect(teamEventReached(3 * TEAM_GOAL_PER_MEMBER, 3)).toBe(true);
  });
});

describe("a ring of wallets cannot farm helps", () => {
  it("earns at most HELP_XP_DAILY_CAP a day each, counts no help twice, and pays the unverified and self nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }).chain((k) =>
          fc.record({
            verified: fc.array(fc.boolean(), { minLength: k, maxLength: k }),
            days: fc.integer({ min: 1, max: 5 }),
            actions: fc.array(
              fc.record({
                helper: fc.integer({ min: 0, max: k - 1 }),
                owner: fc.integer({ min: 0, max: k - 1 }),
                day: fc.integer({ min: 0, max: 4 }),
              }),
              { maxLength: 120 },
            ),
          }),
        ),
        ({ verified, days, actions }) => {
          const wallets = verified.map((ok, i) => ({
            address: `0x${i.toString(16).padStart(40, "0")}`,
            verified: ok,
          }));
          const inRange = actions.map((action) => ({ ...action, day: DAY + (action.day % days) }));
          const { outcomes, xp, xpByDay } = runHelps(wallets, inRange);
          for (const wallet of wallets) {
            expect(xp.get(wallet.address)!).toBeLessThanOrEqual(HELP_XP_DAILY_CAP * days);
            if (!wallet.verified) expect(xp.get(wallet.address)).toBe(0);
          }
          for (const gained of xpByDay.values()) expect(gained).toBeLessThanOrEqual(HELP_XP_DAILY_CAP);
          const accepted = new Set<string>();
          inRange.forEach((action, i) => {
            const outcome = outcomes[i]!;
            if (
              action.helper === action.owner ||
              !wallets[action.helper]!.verified ||
              !wallets[action.owner]!.verified
            )
              expect(outcome.ok).toBe(false);
            if (!outcome.ok) return;
            const key = `${action.helper}>${action.owner}@${action.day}`;
            expect(accepted.has(key)).toBe(false);
            accepted.add(key);
          });
        },
      ),
      { numRuns: 300, seed: 20_261_126 },
    );
  });

  it("holds with days in any order (a clock that goes back and forth)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            helper: fc.integer({ min: 0, max: 3 }),
            owner: fc.integer({ min: 0, max: 3 }),
            day: fc.integer({ min: 0, max: 2 }),
          }),
          { maxLength: 80 },
        ),
        (actions) => {
          const wallets = [0, 1, 2, 3].map((i) => ({ address: `0x${i}`, verified: true }));
          const { xp, xpByDay } = runHelps(
            wallets,
            actions.map((action) => ({ ...action, day: DAY + action.day })),
          );
          for (const gained of xp.values()) expect(gained).toBeLessThanOrEqual(HELP_XP_DAILY_CAP * 3);
          for (const gained of xpByDay.values()) expect(gained).toBeLessThanOrEqual(HELP_XP_DAILY_CAP);
        },
      ),
      { numRuns: 300, seed: 20_261_127 },
    );
  });

  it("lets a whole ring of verified wallets reach the cap (the bound is tight, the test can fail)", () => {
    const wallets = [0, 1, 2, 3].map((i) => ({ address: `0x${i}`, verified: true }));
    const actions = wallets.flatMap((_, h) =>
      [1, 2, 3].map((step) => ({ helper: h, owner: (h + step) % 4, day: DAY })),
    );
    const { xp } = runHelps(wallets, actions);
    expect([...xp.values()]).toEqual([
      HELP_XP_DAILY_CAP,
      HELP_XP_DAILY_CAP,
      HELP_XP_DAILY_CAP,
      HELP_XP_DAILY_CAP,
    ]);
    expect(HELPS_REWARDED_PER_DAY).toBe(3);
  });
});
