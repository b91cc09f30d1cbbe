import { annualisedRateBps } from "@farm/core";

/**
 * The annual equivalent of a term yield in whole basis points, rounded down. Display only: what is paid is always
 * the term yield, and the app labels which is which.
 */
export function annualYieldBps(seed: { yieldBps: number; tenorDays: number }): number {
  if (seed.tenorDays <= 0) return 0;
  return Number(annualisedRateBps(seed.yieldBps, seed.tenorDays));
}
