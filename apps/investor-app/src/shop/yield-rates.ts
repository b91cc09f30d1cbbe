import { annualisedRateBps } from "@farm/core";

/**
 * The annual equivalent of a term yield in whole basis points, rounded down. Display only: what is paid is always
 * the term yield, and the app labels which is which.
 */
export function annualYieldBps(seed: { yieldBps: number; tenorDays: number }): number {
  if (seed.tenorDays <= 0) return 0;
  return Number(annualisedRateBps(seed.yieldBps, seed.tenorDays));
}

/**
 * The term yield per day in thousandths of a percent, rounded to the nearest (6 % over 90 days -> 67, "0.067 % a
 * day"): the unit of the fee cap (0.067 % a day), so a term within the cap never shows above it.
 */
export function dailyYieldMilliPercent(seed: { yieldBps: number; tenorDays: number }): number {
  if (seed.tenorDays <= 0) return 0;
  return Math.round((seed.yieldBps * 10) / seed.tenorDays);
}
