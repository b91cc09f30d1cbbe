import { approvalReservation } from "@farm/core";

/** Why FarmNFT's approveInvoice would revert now; the page then offers no approve button and says this instead. */
export type ApprovalBlocker = "paused" | "fundingClosed" | "aboveFeeCap" | "reservationAboveLimit";

export type ApprovalChainState = {
  /** The latest block's timestamp, seconds: the chain's clock, not this computer's. */
  nowSeconds: bigint;
  paused: boolean;
  /** FarmVault.freeReserve() and FarmNFT.reservationLimitBps(). */
  freeReserve: bigint;
  reservationLimitBps: number;
  /** FarmNFT.yieldCapBps() and maxDailyFee() (hundredths of a basis point a day) as they stand now. */
  yieldCapBps: number;
  maxDailyFee: number;
};

/**
 * The contract's approval rules at the chain's time (whenNotPaused, FundingDeadlinePassed, YieldAboveCap and
 * FeeAboveCap against the caps as they stand now, ReservationAboveLimit).
 * The next block comes at least a second after the head, so an invoice whose deadline is the head's time is closed.
 */
export function approvalBlocker(
  invoice: { amount: bigint; yieldBps: number; tenorDays: number; fundingDeadline: bigint },
  chain: ApprovalChainState,
): ApprovalBlocker | null {
  if (chain.paused) return "paused";
  if (chain.nowSeconds >= invoice.fundingDeadline) return "fundingClosed";
  if (invoice.yieldBps > chain.yieldCapBps || invoice.yieldBps * 100 > chain.maxDailyFee * invoice.tenorDays)
    return "aboveFeeCap";
  const reserved = approvalReservation(invoice.amount, invoice.yieldBps);
  const limit = (chain.freeReserve * BigInt(chain.reservationLimitBps)) / 10_000n;
  if (reserved > 0n && reserved > limit) return "reservationAboveLimit";
  return null;
}
