import { describe, expect, it } from "vitest";
import { approvalBlocker } from "./approval-blocker";

const gold = (whole: bigint) => whole * 10n ** 18n;
const invoice = { amount: gold(1000n), yieldBps: 800, tenorDays: 180, fundingDeadline: 1_800_000_000n };
const open = {
  nowSeconds: 1_799_999_999n,
  paused: false,
  freeReserve: gold(100_000n),
  reservationLimitBps: 2500,
  yieldCapBps: 2000,
  maxDailyFee: 670,
};

describe("approval offered only while FarmNFT would accept it", () => {
  it("is open before the funding deadline with enough free reserve", () => {
    expect(approvalBlocker(invoice, open)).toBeNull();
  });

  it("is closed from the deadline on, at the chain's time", () => {
    expect(approvalBlocker(invoice, { ...open, nowSeconds: invoice.fundingDeadline })).toBe("fundingClosed");
    expect(approvalBlocker(invoice, { ...open, nowSeconds: invoice.fundingDeadline + 86_400n })).toBe(
      "fundingClosed",
    );
  });

  it("is refused when the terms are above the yield cap or the fee cap as they stand now", () => {
    // 800 bps over 180 days needs at least 445 hundredths of a bps a day (800 * 100 / 180 = 444.4...).
    expect(approvalBlocker(invoice, { ...open, maxDailyFee: 444 })).toBe("aboveFeeCap");
    expect(approvalBlocker(invoice, { ...open, maxDailyFee: 445 })).toBeNull();
    expect(approvalBlocker(invoice, { ...open, yieldCapBps: 799 })).toBe("aboveFeeCap");
  });

  it("is refused when the yield to reserve is above the vault's limit, and while paused", () => {
    // 80 GOLD of yield against 25 % of 319.99 GOLD free (79.99...): one base unit short.
    const tight = { ...open, freeReserve: gold(320n) - 1n };
    expect(approvalBlocker(invoice, tight)).toBe("reservationAboveLimit");
    expect(approvalBlocker(invoice, { ...tight, freeReserve: gold(320n) })).toBeNull();
    expect(approvalBlocker(invoice, { ...open, paused: true })).toBe("paused");
  });
});
