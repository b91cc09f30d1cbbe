import { describe, expect, it } from "vitest";
import { expectedPayout, type PayoutFacts } from "./payout";

const repaid: PayoutFacts = {
  status: "repaid",
  shares: 1_000n,
  yieldBps: 1000,
  funded: 10_000n,
  recovered: 0n,
};

describe("expectedPayout", () => {
  it("pays the shares plus shares * yieldBps / 10000 for a repaid invoice", () => {
    expect(expectedPayout(repaid)).toEqual({ principal: 1_000n, yield: 100n, total: 1_100n });
  });

  it("rounds the yield down once, in base units", () => {
    expect(expectedPayout({ ...repaid, shares: 999n, yieldBps: 333 }).yield).toBe(33n);
  });

  it("pays the pro-rata recovery plus the reserved yield after a settled default", () => {
    expect(expectedPayout({ ...repaid, status: "settled", recovered: 2_500n })).toEqual({
      principal: 250n,
      yield: 100n,
      total: 350n,
    });
  });

  it("refunds the principal without yield when the invoice was cancelled", () => {
    expect(expectedPayout({ ...repaid, status: "cancelled" })).toEqual({
      principal: 1_000n,
      yield: 0n,
      total: 1_000n,
    });
  });

  it("stays exact for 18-decimal amounts far beyond float precision", () => {
    const shares = 123_456_789_012_345_678_901_234_567n;
    expect(expectedPayout({ ...repaid, shares, yieldBps: 1500 }).yield).toBe((shares * 1500n) / 10_000n);
  });
});
