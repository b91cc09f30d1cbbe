import { amountDue, lateFeeAt, ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { dueBreakdown } from "./repay-figures";

const DAY = 86_400n;
const terms = { amount: 3_000n * ONE_GOLD, yieldBps: 800, tenorDays: 30, maturity: 1_000_000n };

/** What FarmNFT.amountDue says `days` whole days past maturity after `repaid` was paid before maturity. */
function chainDue(repaid: bigint, days: bigint) {
  const late = lateFeeAt(
    terms,
    repaid,
    { accrued: 0n, daysCounted: 0n },
    terms.maturity + days * DAY,
  ).accrued;
  return { late, due: amountDue(terms.amount, terms.yieldBps, repaid, late) };
}

describe("what the amount due is made of", () => {
  it("is all principal and fee before maturity", () => {
    const { due } = chainDue(0n, 0n);
    expect(dueBreakdown({ ...terms, repaid: 0n }, due)).toEqual({
      principalAndFee: 3_240n * ONE_GOLD,
      lateFee: 0n,
      lateFeePerDay: 8n * ONE_GOLD,
    });
  });

  it("splits off the late fee exactly and says what the next day adds, as core's accrual counts it", () => {
    for (const repaid of [0n, 1_000n * ONE_GOLD, 2_999n * ONE_GOLD + 7n, 3_100n * ONE_GOLD])
      for (const days of [1n, 5n, 29n]) {
        const { late, due } = chainDue(repaid, days);
        const next = chainDue(repaid, days + 1n).late;
        const parts = dueBreakdown({ ...terms, repaid }, due);
        expect(parts.lateFee, `${repaid} ${days}`).toBe(late);
        expect(parts.principalAndFee + parts.lateFee).toBe(due);
        // Core accrues per stretch of days, rounded once: a day adds the day's share, give or take one base unit.
        expect(parts.lateFeePerDay - (next - late), `${repaid} ${days}`).toBeGreaterThanOrEqual(-1n);
        expect(parts.lateFeePerDay - (next - late), `${repaid} ${days}`).toBeLessThanOrEqual(1n);
      }
  });

  it("charges the day's rate only on what is still overdue: 1,000 paid before maturity leaves 2,240", () => {
    const repaid = 1_000n * ONE_GOLD;
    const parts = dueBreakdown({ ...terms, repaid }, chainDue(repaid, 5n).due);
    expect(parts.principalAndFee).toBe(2_240n * ONE_GOLD);
    // 2,240 * 8 % / 30 days, rounded down to a base unit.
    expect(parts.lateFeePerDay).toBe((2_240n * ONE_GOLD * 800n) / (30n * 10_000n));
  });

  it("adds nothing once the late fees reach their cap (principal - fee) or principal and fee are paid", () => {
    const cap = terms.amount - 240n * ONE_GOLD;
    const capped = dueBreakdown({ ...terms, repaid: 0n }, 3_240n * ONE_GOLD + cap - ONE_GOLD);
    expect(capped.lateFeePerDay).toBe(ONE_GOLD);
    expect(dueBreakdown({ ...terms, repaid: 0n }, 3_240n * ONE_GOLD + cap).lateFeePerDay).toBe(0n);
    const paidIn = dueBreakdown({ ...terms, repaid: 3_240n * ONE_GOLD }, 40n * ONE_GOLD);
    expect(paidIn).toEqual({ principalAndFee: 0n, lateFee: 40n * ONE_GOLD, lateFeePerDay: 0n });
  });
});
