import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { defaultSeedFilter, filterAndSortSeeds } from "./seed-filters";
import { seedFixture } from "./seed-fixtures.test-support";
import { fundingPercent } from "./shop-seed";
import { annualYieldBps } from "./yield-rates";

const shortLow = seedFixture({ tokenId: 1n, yieldBps: 300, tenorDays: 30, funded: 900n * ONE_GOLD });
const longHigh = seedFixture({ tokenId: 2n, yieldBps: 1200, tenorDays: 365 });
const midMid = seedFixture({ tokenId: 3n, yieldBps: 800, tenorDays: 90, funded: 500n * ONE_GOLD });
const full = seedFixture({ tokenId: 4n, yieldBps: 1500, tenorDays: 60, funded: 1_000n * ONE_GOLD });
const seeds = [shortLow, longHigh, midMid, full];
const ids = (list: { tokenId: bigint }[]) => list.map((seed) => seed.tokenId);

describe("shop filters and sorting", () => {
  it("sorts by annual yield, so a short term with a modest yield can beat a long one", () => {
    // 300 bps over 30 days = 3650 bps a year; 800 over 90 = 3244; 1200 over 365 = 1200.
    expect(ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, sort: "yield" }))).toEqual([1n, 3n, 2n]);
  });

  it("sorts by term, shortest first", () => {
    expect(ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, sort: "term" }))).toEqual([1n, 3n, 2n]);
  });

  it("sorts by amount still open, largest first", () => {
    expect(ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, sort: "amountLeft" }))).toEqual([
      2n,
      3n,
      1n,
    ]);
  });

  it("hides fully funded seeds", () => {
    expect(ids(filterAndSortSeeds([full], defaultSeedFilter))).toEqual([]);
  });

  it("filters by minimum term yield, longest term and minimum amount left", () => {
    expect(ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, minYieldBps: 800, sort: "term" }))).toEqual([
      3n,
      2n,
    ]);
    expect(ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, maxTenorDays: 90, sort: "term" }))).toEqual([
      1n,
      3n,
    ]);
    expect(
      ids(filterAndSortSeeds(seeds, { ...defaultSeedFilter, minAmountLeft: 500n * ONE_GOLD, sort: "term" })),
    ).toEqual([3n, 2n]);
  });

  it("breaks ties by token id so the list never jumps", () => {
    const twins = [seedFixture({ tokenId: 9n }), seedFixture({ tokenId: 5n })];
    expect(ids(filterAndSortSeeds(twins, { ...defaultSeedFilter, sort: "term" }))).toEqual([5n, 9n]);
  });

  it("does not mutate the list it was given", () => {
    const input = [longHigh, shortLow];
    filterAndSortSeeds(input, { ...defaultSeedFilter, sort: "term" });
    expect(ids(input)).toEqual([2n, 1n]);
  });
});

describe("yield rates and progress", () => {
  it("annualises the term yield and rounds down", () => {
    expect(annualYieldBps({ yieldBps: 500, tenorDays: 30 })).toBe(6083);
    expect(annualYieldBps({ yieldBps: 1000, tenorDays: 365 })).toBe(1000);
  });

  it("reports funding progress in whole percent rounded down", () => {
    expect(fundingPercent({ amount: 3n, funded: 2n })).toBe(66);
    expect(fundingPercent({ amount: 0n, funded: 0n })).toBe(0);
  });
});
