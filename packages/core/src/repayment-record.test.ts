import { describe, expect, it } from "vitest";
import { daysLateCountedUp, repaymentRates } from "./repayment-record";

describe("repayment rates", () => {
  it("says no record for a borrower never funded and nothing outstanding when all is settled, never 100 %", () => {
    expect(repaymentRates(0, 0n, 0n)).toEqual({ standing: "noRecord", twp90Bps: null, tkb90Bps: null });
    expect(repaymentRates(3, 0n, 0n)).toEqual({
      standing: "nothingOutstanding",
      twp90Bps: null,
      tkb90Bps: null,
    });
  });

  it("measures TWP90 over outstanding principal and TKB90 as its complement", () => {
    expect(repaymentRates(2, 1_000n, 250n)).toEqual({
      standing: "measured",
      twp90Bps: 2_500,
      tkb90Bps: 7_500,
    });
    expect(repaymentRates(2, 1_000n, 0n)).toEqual({ standing: "measured", twp90Bps: 0, tkb90Bps: 10_000 });
    expect(repaymentRates(1, 1_000n, 1_000n)).toMatchObject({ twp90Bps: 10_000, tkb90Bps: 0 });
  });

  it("rounds TWP90 up so one base unit past 90 days is visible", () => {
    const huge = 10n ** 30n;
    expect(repaymentRates(5, huge, 1n)).toMatchObject({ twp90Bps: 1, tkb90Bps: 9_999 });
    expect(repaymentRates(3, 3n, 1n)).toMatchObject({ twp90Bps: 3_334, tkb90Bps: 6_666 });
  });

  it("counts days late up from maturity", () => {
    const maturity = Date.UTC(2027, 0, 1);
    expect(daysLateCountedUp(maturity, maturity)).toBe(0);
    expect(daysLateCountedUp(maturity, maturity - 1)).toBe(0);
    expect(daysLateCountedUp(maturity, maturity + 1_000)).toBe(1);
    expect(daysLateCountedUp(maturity, maturity + 86_400_000)).toBe(1);
    expect(daysLateCountedUp(maturity, maturity + 86_400_001)).toBe(2);
  });
});
