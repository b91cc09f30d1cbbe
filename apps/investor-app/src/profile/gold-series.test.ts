import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { activityGoldEvents } from "./activity-gold-events";
import { chartPaths, cumulativeGold, type GoldEvent } from "./gold-series";

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const events: GoldEvent[] = [
  { at: day(3), kind: "harvested", amount: 105n * ONE_GOLD },
  { at: day(1), kind: "invested", amount: 100n * ONE_GOLD },
  { at: day(2), kind: "invested", amount: 100n * ONE_GOLD },
];

describe("GOLD invested and harvested over time", () => {
  it("keeps running totals in time order", () => {
    expect(cumulativeGold(events)).toEqual([
      { at: day(1), invested: 100n * ONE_GOLD, harvested: 0n },
      { at: day(2), invested: 200n * ONE_GOLD, harvested: 0n },
      { at: day(3), invested: 200n * ONE_GOLD, harvested: 105n * ONE_GOLD },
    ]);
  });

  it("takes refunds off the invested total, as the profile figure and the leaderboard do", () => {
    const refunded: GoldEvent[] = [
      { at: day(1), kind: "invested", amount: 600n * ONE_GOLD },
      { at: day(2), kind: "refunded", amount: 500n * ONE_GOLD },
    ];
    expect(cumulativeGold(refunded).at(-1)).toEqual({ at: day(2), invested: 100n * ONE_GOLD, harvested: 0n });
    expect(
      activityGoldEvents([
        {
          kind: "refunded",
          id: "r",
          at: day(2).toISOString(),
          tokenId: "1",
          amount: "5",
          xp: null,
          level: null,
          txHash: null,
        },
      ]),
    ).toEqual([{ at: day(2), kind: "refunded", amount: 5n }]);
  });

  it("draws step paths scaled to the largest total", () => {
    const paths = chartPaths(cumulativeGold(events), 200, 100);
    expect(paths.maxAmount).toBe(200n * ONE_GOLD);
    expect(paths.invested).toBe("M0 100 H0 V50 H100 V0 H200 V0 H200");
    expect(paths.harvested).toBe("M0 100 H0 V100 H100 V100 H200 V47.5 H200");
  });

  it("draws nothing without history", () => {
    expect(chartPaths([], 200, 100)).toEqual({ invested: "", harvested: "", maxAmount: 0n });
  });

  it("handles a single event without dividing by zero", () => {
    const paths = chartPaths(cumulativeGold([{ at: day(1), kind: "invested", amount: 1n }]), 200, 100);
    expect(paths.invested).toBe("M0 100 H0 V0 H200");
  });
});
