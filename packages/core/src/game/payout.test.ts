import { describe, expect, it } from "vitest";
import { expectedPayout, type PayoutFacts } from "./payout";

const repaid: PayoutFacts = {
  status: "repaid",
  shares: 1_000n,
  redeemedBefore: 0n,
  yieldBps: 1000,
  amount: 10_000n,
  funded: 10_000n,
  repaid: 11_000n,
};

describe("expectedPayout", () => {
  it("pays the shares plus shares * yieldBps / 10000 for a repaid invoice", () => {
    expect(expectedPayout(repaid)).toEqual({ principal: 1_000n, yield: 100n, total: 1_100n });
  });

  it("rounds the yield like the contract: slices after earlier redemptions may carry the extra unit", () => {
    // Repaid exactly principal + fee at each rate (no late fee).
    expect(expectedPayout({ ...repaid, shares: 999n, yieldBps: 333, repaid: 10_333n }).yield).toBe(33n);
    expect(
      expectedPayout({ ...repaid, shares: 3n, yieldBps: 5000, redeemedBefore: 3n, repaid: 15_000n }).yield,
    ).toBe(2n);
  });

  it("adds the holder's pro-rata part of a late fee paid in to the yield of a repaid invoice", () => {
    // 30 of late fee beyond the 11,000 due: a tenth of the shares earns a tenth of it.
    expect(expectedPayout({ ...repaid, repaid: 11_030n })).toEqual({
      principal: 1_000n,
      yield: 103n,
      total: 1_103n,
    });
  });

  it("pays only the pro-rata recovery after a settled default, yield only from fee that came in", () => {
    expect(expectedPayout({ ...repaid, status: "settled", repaid: 2_500n })).toEqual({
      principal: 250n,
      yield: 0n,
      total: 250n,
    });
  });

  it("refunds the principal without yield when the invoice was cancelled", () => {
    expect(expectedPayout({ ...repaid, status: "cancelled" })).toEqual({
      principal: 1_000n,
      yield: 0n,
      total: 1_000n,
    });
  });

  it("pays nothing without shares", () => {
    expect(expectedPayout({ ...repaid, shares: 0n }).total).toBe(0n);
  });

  it("stays exact for 18-decimal amounts far beyond float precision", () => {
    const shares = 123_456_789_012_345_678_901_234_567n;
    const facts = { ...repaid, shares, yieldBps: 1500, amount: shares, funded: shares };
    expect(expectedPayout(facts).yield).toBe((shares * 1500n) / 10_000n);
  });
});
