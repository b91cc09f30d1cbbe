import { annualisedRateBps } from "@farm/core";

/**
 * The annual equivalent of a term yield in whole basis points, rounded down. Display only: what is paid is always
 * the term yield, and the app labels which is which.
 */
export function annualYieldBps(seed: { yieldBps: number; tenorDays: number }): number {
  if (seed.tenorDays <= 0) return 0;
  return Number(annualisedRateBps(seed.yieldBps, seed.tenorDays));
}

/** Basis points as a percent string with up to two decimals: 1250 -> "12.5". */
export function formatBps(bps: number): string {
  const whole = Math.floor(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
