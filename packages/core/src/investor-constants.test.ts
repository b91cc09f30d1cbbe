import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "./gold";
import {
  dailyFeeOf,
  investorLimitOf,
  investorTierOf,
  maxYieldBpsFor,
  yieldWithinCap,
} from "./investor-constants";

describe("investor limits from declared income", () => {
  it("takes the tier's share of the income in GOLD at the deployment's rate, rounded down", () => {
    // 240,000,000 Rupiah x 10 % / 16,000 Rupiah a GOLD = 1,500 GOLD.
    expect(investorLimitOf(240_000_000n, 1000, 16_000n)).toBe(1500n * ONE_GOLD);
    expect(investorLimitOf(240_000_000n, 2000, 16_000n)).toBe(3000n * ONE_GOLD);
    // 1 Rupiah x 10 % at 3 Rupiah a GOLD = 1/30 GOLD, rounded down in base units.
    expect(investorLimitOf(1n, 1000, 3n)).toBe(ONE_GOLD / 30n);
  });

  it("never exceeds FarmNFT's uint96 limit", () => {
    expect(investorLimitOf(10n ** 24n, 10_000, 1n)).toBe((1n << 96n) - 1n);
  });

  it("maps credential tier numbers", () => {
    expect([0, 1, 2, 3].map(investorTierOf)).toEqual([null, "retail", "professional", null]);
  });
});

describe("the daily fee cap", () => {
  it("allows at most maxDailyFee x tenor / 100 basis points, as FarmNFT compares", () => {
    expect(maxYieldBpsFor(670, 60)).toBe(402);
    expect(yieldWithinCap(402, 60, 670)).toBe(true);
    expect(yieldWithinCap(403, 60, 670)).toBe(false);
    // 670 x 7 = 4,690 hundredths: 46.9 bp; 46 fits, 47 does not.
    expect(maxYieldBpsFor(670, 7)).toBe(46);
    expect(yieldWithinCap(47, 7, 670)).toBe(false);
  });

  it("gives an invoice's daily rate in the cap's unit", () => {
    expect(dailyFeeOf(402, 60)).toBe(670);
    expect(dailyFeeOf(600, 90)).toBe(666);
  });
});
