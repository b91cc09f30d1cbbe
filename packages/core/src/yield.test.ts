import { describe, expect, it } from "vitest";
import {
  amountDue,
  annualisedRate,
  annualisedRateBps,
  approvalReservation,
  daysLate,
  financingFee,
  harvestPayout,
  investmentYield,
  lateFee,
  lateFeeAt,
  latePaid,
  principalSlice,
  recoveredFee,
  recoveredPrincipal,
  settlementRelease,
  splitRepayment,
  totalDue,
  yieldOn,
  yieldSlice,
} from "./yield";

describe("yield math", () => {
  it("rounds the term yield down: 999 shares at 3.33 % earn 33", () => {
    expect(yieldOn(999n, 333)).toBe(33n);
    expect(financingFee(1_000n, 1000)).toBe(100n);
    expect(totalDue(1_000n, 1000)).toBe(1_100n);
  });

  it("owes principal plus fee minus what was repaid, never below zero", () => {
    expect(amountDue(1_000n, 1000)).toBe(1_100n);
    expect(amountDue(1_000n, 1000, 400n)).toBe(700n);
    expect(amountDue(1_000n, 1000, 1_100n)).toBe(0n);
  });

  it("gives investments yield slices that add up to the invoice's whole yield however the investments are split", () => {
    const parts = [3n, 3n, 7n, 1n, 11n];
    let before = 0n;
    let total = 0n;
    for (const part of parts) {
      total += investmentYield(part, 5000, before);
      before += part;
    }
    expect(total).toBe(yieldOn(25n, 5000));
    expect(total).toBe(approvalReservation(25n, 5000));
    expect(investmentYield(3n, 5000)).toBe(1n);
    expect(investmentYield(3n, 5000, 3n)).toBe(2n);
  });

  it("gives each slice the rounded-down yield or one unit more", () => {
    for (let before = 0n; before < 50n; before += 7n) {
      const slice = yieldSlice(before, 13n, 777);
      expect(slice - yieldOn(13n, 777)).toBeGreaterThanOrEqual(0n);
      expect(slice - yieldOn(13n, 777)).toBeLessThanOrEqual(1n);
    }
  });

  it("shares a recovered pool pro rata with slices that add up to the pool", () => {
    const slices = [
      principalSlice(0n, 3n, 10n, 9n),
      principalSlice(3n, 3n, 10n, 9n),
      principalSlice(6n, 3n, 10n, 9n),
    ];
    expect(slices).toEqual([3n, 3n, 4n]);
    expect(principalSlice(0n, 5n, 10n, 0n)).toBe(0n);
  });

  it("takes principal first, then fee, and never more than is due", () => {
    const split = (taken: bigint, principalPart: bigint, feePart: bigint, latePart = 0n) => ({
      taken,
      principalPart,
      feePart,
      latePart,
    });
    expect(splitRepayment(1_000n, 1000, 0n, 600n)).toEqual(split(600n, 600n, 0n));
    expect(splitRepayment(1_000n, 1000, 600n, 600n)).toEqual(split(500n, 400n, 100n));
    expect(splitRepayment(1_000n, 1000, 1_050n, 10n)).toEqual(split(10n, 0n, 10n));
    expect(splitRepayment(1_000n, 1000, 1_100n, 10n)).toEqual(split(0n, 0n, 0n));
    // A late fee is paid last, after principal and fee, and only up to what is owed.
    expect(splitRepayment(1_000n, 1000, 600n, 600n, 30n)).toEqual(split(530n, 400n, 100n, 30n));
    expect(splitRepayment(1_000n, 1000, 1_090n, 100n, 30n)).toEqual(split(40n, 0n, 10n, 30n));
    expect(splitRepayment(1_000n, 1000, 1_110n, 100n, 30n)).toEqual(split(20n, 0n, 0n, 20n));
  });

  it("grows a late fee by whole days at the daily rate, never above principal - fee", () => {
    const day = 86_400n;
    expect(daysLate(1_000n, 1_000n)).toBe(0n);
    expect(daysLate(1_000n, 1_000n + day - 1n)).toBe(0n);
    expect(daysLate(1_000n, 1_000n + 3n * day)).toBe(3n);
    // 1,000 at 10 % over 30 days: 3.33 a day, rounded down once over the days late.
    expect(lateFee(1_000n, 1000, 30, 1n)).toBe(3n);
    expect(lateFee(1_000n, 1000, 30, 3n)).toBe(10n);
    expect(lateFee(1_000n, 1000, 30, 10_000n)).toBe(900n);
    expect(amountDue(1_000n, 1000, 1_050n, 10n)).toBe(60n);
    expect(latePaid(1_000n, 1000, 1_100n)).toBe(0n);
    expect(latePaid(1_000n, 1000, 1_130n)).toBe(30n);
  });

  it("accrues a late fee only on what is still overdue, by the days since the last accrual", () => {
    const day = 86_400n;
    const terms = { amount: 1_500n, yieldBps: 1000, tenorDays: 30, maturity: 0n };
    const none = { accrued: 0n, daysCounted: 0n };
    // 1,500 at 10 %: 150 of fee; with 1,350 repaid, 300 is overdue: 1 a day (5 a day on the whole principal).
    expect(lateFeeAt(terms, 0n, none, 2n * day)).toEqual({ accrued: 10n, daysCounted: 2n });
    const stored = lateFeeAt(terms, 1_350n, none, 2n * day + 5n);
    expect(stored).toEqual({ accrued: 2n, daysCounted: 2n });
    expect(lateFeeAt(terms, 1_350n, stored, 2n * day + 9n), "no day passed: nothing more").toBe(stored);
    // The fee paid too: only the late fee is owed and it no longer grows.
    expect(lateFeeAt(terms, 1_650n, stored, 40n * day)).toEqual({ accrued: 2n, daysCounted: 40n });
    expect(lateFeeAt(terms, 1_350n, stored, 10_000n * day).accrued).toBe(1_350n);
  });

  it("pays a repaid invoice's late fee to the holders pro rata, to the base unit", () => {
    const terms = {
      status: "repaid",
      yieldBps: 1000,
      funded: 1_000n,
      amount: 1_000n,
      repaid: 1_131n,
    } as const;
    const first = harvestPayout({ ...terms, shares: 333n, redeemedBefore: 0n });
    const second = harvestPayout({ ...terms, shares: 667n, redeemedBefore: 333n });
    expect(first.principal + second.principal).toBe(1_000n);
    expect(first.yield + second.yield).toBe(131n);
    expect(settlementRelease(1_000n, 1000, 1_131n)).toBe(0n);
    expect(settlementRelease(1_000n, 1000, 1_040n)).toBe(60n);
  });

  it("caps the recovered principal at the invoice amount and counts the rest as recovered fee", () => {
    expect(recoveredPrincipal(1_000n, 400n)).toBe(400n);
    expect(recoveredPrincipal(1_000n, 1_050n)).toBe(1_000n);
    expect(recoveredFee(1_000n, 400n)).toBe(0n);
    expect(recoveredFee(1_000n, 1_050n)).toBe(50n);
  });

  it("releases the reservation of the fee a settled default did not recover", () => {
    expect(settlementRelease(1_000n, 1000, 400n)).toBe(100n);
    expect(settlementRelease(1_000n, 1000, 1_060n)).toBe(40n);
    expect(settlementRelease(1_000n, 1000, 1_100n)).toBe(0n);
  });

  it("pays a repaid harvest its shares plus their yield slice", () => {
    const input = {
      status: "repaid",
      shares: 300n,
      redeemedBefore: 0n,
      yieldBps: 1000,
      funded: 1_000n,
      amount: 1_000n,
      repaid: 1_100n,
    } as const;
    expect(harvestPayout(input)).toEqual({ principal: 300n, yield: 30n });
  });

  it("pays a settled harvest its pro-rata part of the recovered principal and no yield when no fee came in", () => {
    const input = {
      status: "settled",
      shares: 250n,
      redeemedBefore: 0n,
      yieldBps: 1000,
      funded: 1_000n,
      amount: 1_000n,
      repaid: 400n,
    } as const;
    expect(harvestPayout(input)).toEqual({ principal: 100n, yield: 0n });
    expect(harvestPayout({ ...input, repaid: 1_040n })).toEqual({ principal: 250n, yield: 10n });
  });

  it("annualises the term yield: 10 % over 73 days is 50 % a year", () => {
    expect(annualisedRateBps(1000, 73)).toBe(5000n);
    expect(annualisedRateBps(1000, 90)).toBe(4055n);
    expect(annualisedRate(1000, 90)).toEqual({ numerator: 365_000n, denominator: 90n });
  });
});
