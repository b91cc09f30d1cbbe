/**
 * The money math of an invoice, mirroring contracts/src/solidity/YieldMath.sol exactly (a differential test in
 * contracts/test compares the two over random inputs). Amounts are GOLD base units (bigint); yieldBps is the yield
 * for the whole term in basis points (1000 = 10 %).
 *
 * Per-share amounts are cumulative over an invoice's shares: the slice for shares [before, before + shares) is
 * f(before + shares) - f(before), where `before` is the shares already invested (when investing) or already
 * harvested or refunded (when redeeming). A slice is the one-off rounded-down value or one unit more, and the
 * slices of all shares add up to exactly the invoice's total, so the yield reserved for an invoice is exactly what
 * its holders are paid or released, however the shares are split or transferred.
 */

/** Basis points in one whole (100 %). */
export const BPS_DENOMINATOR = 10_000n;

/** The yield `shares` earn over the term, rounded down: shares * yieldBps / 10000. */
export function yieldOn(shares: bigint, yieldBps: number | bigint): bigint {
  return (shares * BigInt(yieldBps)) / BPS_DENOMINATOR;
}

/** The farmer's financing fee on `amount` of principal: the invoice's total yield. */
export function financingFee(amount: bigint, yieldBps: number | bigint): bigint {
  return yieldOn(amount, yieldBps);
}

/** Principal plus financing fee: what the farmer repays in total. */
export function totalDue(amount: bigint, yieldBps: number | bigint): bigint {
  return amount + financingFee(amount, yieldBps);
}

/** What is still owed once `repaid` has been paid (never negative). */
export function amountDue(amount: bigint, yieldBps: number | bigint, repaid = 0n): bigint {
  const due = totalDue(amount, yieldBps) - repaid;
  return due > 0n ? due : 0n;
}

/** Yield of the shares [before, before + shares): reserved on invest, paid on harvest, released on refund. */
export function yieldSlice(before: bigint, shares: bigint, yieldBps: number | bigint): bigint {
  return yieldOn(before + shares, yieldBps) - yieldOn(before, yieldBps);
}

/**
 * Yield FarmNFT reserves in the vault for an investment of `amount` into an invoice that already has
 * `fundedBefore` invested (the Invested event's `reservedYield`).
 */
export function reservedYield(amount: bigint, yieldBps: number | bigint, fundedBefore = 0n): bigint {
  return yieldSlice(fundedBefore, amount, yieldBps);
}

/** Principal for the shares [before, before + shares) when `pool` is shared pro rata among `totalShares`. */
export function principalSlice(before: bigint, shares: bigint, pool: bigint, totalShares: bigint): bigint {
  if (totalShares === 0n) return 0n;
  return ((before + shares) * pool) / totalShares - (before * pool) / totalShares;
}

export interface RepaymentSplit {
  /** What the contract takes of the payment offered: never more than is still due. */
  taken: bigint;
  /** Part of `taken` that is principal (paid first; stays in FarmNFT for the holders). */
  principalPart: bigint;
  /** Part of `taken` that is financing fee (goes to the vault's free reserve). */
  feePart: bigint;
}

/** How FarmNFT.repay splits a payment of `payment` towards an invoice that has `repaidBefore` already. */
export function splitRepayment(
  amount: bigint,
  yieldBps: number | bigint,
  repaidBefore: bigint,
  payment: bigint,
): RepaymentSplit {
  const outstanding = amountDue(amount, yieldBps, repaidBefore);
  const taken = payment < outstanding ? payment : outstanding;
  const principalOutstanding = amount > repaidBefore ? amount - repaidBefore : 0n;
  const principalPart = taken < principalOutstanding ? taken : principalOutstanding;
  return { taken, principalPart, feePart: taken - principalPart };
}

/** Principal holders of a defaulted invoice share: repayments up to the principal (the rest is fee). */
export function recoveredPrincipal(amount: bigint, repaid: bigint): bigint {
  return repaid < amount ? repaid : amount;
}

export interface HarvestInput {
  /** "repaid" pays the shares back in full; "settled" pays their pro-rata part of the recovered principal. */
  status: "repaid" | "settled";
  /** Shares harvested now (the holder's whole balance). */
  shares: bigint;
  /** Shares of the invoice already harvested before (Invoice.redeemedShares). */
  redeemedBefore: bigint;
  yieldBps: number | bigint;
  /** Shares issued in total (Invoice.funded, equal to the amount once funded). */
  funded: bigint;
  /** Invoice principal, base units (Invoice.amount). */
  amount: bigint;
  /** Repaid in total, base units (Invoice.repaid). */
  repaid: bigint;
}

export interface HarvestPayout {
  principal: bigint;
  yield: bigint;
}

/** What FarmNFT.harvest pays, exactly (the Harvested event's principal and yield). */
export function harvestPayout(input: HarvestInput): HarvestPayout {
  const principal =
    input.status === "repaid"
      ? input.shares
      : principalSlice(
          input.redeemedBefore,
          input.shares,
          recoveredPrincipal(input.amount, input.repaid),
          input.funded,
        );
  return { principal, yield: yieldSlice(input.redeemedBefore, input.shares, input.yieldBps) };
}

/** What FarmNFT.refund releases back to the vault for `shares` of a cancelled invoice (principal = shares). */
export function refundReleasedYield(
  redeemedBefore: bigint,
  shares: bigint,
  yieldBps: number | bigint,
): bigint {
  return yieldSlice(redeemedBefore, shares, yieldBps);
}

/** The term yield per year in basis points, rounded down: yieldBps * 365 / tenorDays. */
export function annualisedRateBps(yieldBps: number | bigint, tenorDays: number | bigint): bigint {
  return (BigInt(yieldBps) * 365n) / BigInt(tenorDays);
}

/** The annualised rate as an exact fraction of basis points, for displays that round their own way. */
export function annualisedRate(
  yieldBps: number | bigint,
  tenorDays: number | bigint,
): { numerator: bigint; denominator: bigint } {
  return { numerator: BigInt(yieldBps) * 365n, denominator: BigInt(tenorDays) };
}
