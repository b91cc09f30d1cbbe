/** Basis points in a whole: 100 % = 10,000 bps. */
export const WHOLE_BPS = 10_000n;

/** Days past maturity after which outstanding principal counts in TWP90 (strictly more than 90 days). */
export const TWP90_DAYS = 90;

/**
 * Days past maturity during which a settled default's unrecovered principal stays in the record's outstanding (and in
 * TWP90 after 90 days), so settling a default early never takes its loss out of the rate (decision 0070). Strict,
 * like TWP90: it leaves one second after 365 days. The loss itself is always shown as `lostPrincipal`.
 */
export const SETTLED_LOSS_WINDOW_DAYS = 365;

/** What a record says about its rate: nothing ever funded, nothing outstanding now, or a measured rate. */
export type RecordStanding = "noRecord" | "nothingOutstanding" | "measured";

export interface RepaymentRates {
  standing: RecordStanding;
  /** Outstanding principal more than 90 days past maturity / all outstanding principal; null unless measured. */
  twp90Bps: number | null;
  /** 100 % minus TWP90; null unless measured (never 100 % for "nothing outstanding"). */
  tkb90Bps: number | null;
}

/**
 * TKB90 and TWP90 from exact base-unit sums. TWP90 rounds up to the next basis point so TKB90 never flatters the
 * record (a single unit 90+ days late shows as 0.01 %, never as 100 % repaid).
 */
export function repaymentRates(financed: number, outstanding: bigint, over90: bigint): RepaymentRates {
  if (financed === 0) return { standing: "noRecord", twp90Bps: null, tkb90Bps: null };
  if (outstanding <= 0n) return { standing: "nothingOutstanding", twp90Bps: null, tkb90Bps: null };
  const twp = (over90 * WHOLE_BPS + outstanding - 1n) / outstanding;
  const twp90Bps = Number(twp > WHOLE_BPS ? WHOLE_BPS : twp);
  return { standing: "measured", twp90Bps, tkb90Bps: Number(WHOLE_BPS) - twp90Bps };
}

/**
 * Whole days late as the repayment record tells it, counted up: a repayment one second after maturity is one day late.
 * (The late fee counts whole days down, `daysLate` in yield.ts: a farmer is charged nothing for a part of a day.)
 */
export function daysLateCountedUp(maturityMs: number, repaidAtMs: number): number {
  return repaidAtMs <= maturityMs ? 0 : Math.ceil((repaidAtMs - maturityMs) / 86_400_000);
}
