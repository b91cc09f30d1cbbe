/**
 * The money math of an invoice, mirroring contracts/src/solidity/YieldMath.sol exactly (a differential test in
 * contracts/test compares the two over random inputs). Amounts are GOLD base units (bigint); yieldBps is the yield
 * for the whole term in basis points (1000 = 10 %).
 *
 * Per-share amounts are cumulative over an invoice's shares: the slice for shares [before, before + shares) is
 * f(before + shares) - f(before), where `before` is the shares already invested (when investing) or already
 * harvested or refunded (when redeeming). A slice is the one-off rounded-down value or one unit more, and the
 * slices of all shares add up to exactly the invoice's total, so the yield paid for an invoice is exactly the fee
 * the farmer paid in, however the shares are split or transferred.
 *
 * Money model: an invoice's whole yield (its financing fee) is reserved in the vault at approval; invest does not
 * touch the vault. A repaid invoice pays its holders principal plus the fee; a settled default pays them their
 * pro-rata share of the principal and fee actually recovered, and the reservation of the rest is released.
 * Late fees (decision 0057): from maturity until repaid or defaulted the amount due grows by whole days at the
 * invoice's daily rate on what is still overdue (at most the principal), never beyond principal - fee; the late fee
 * paid in goes to the holders pro rata as extra yield.
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

/** Principal plus financing fee (plus any late fee owed): what the farmer repays in total. */
export function totalDue(amount: bigint, yieldBps: number | bigint, late = 0n): bigint {
  return amount + financingFee(amount, yieldBps) + late;
}

/** What is still owed once `repaid` has been paid, with `late` owed in late fees (never negative). */
export function amountDue(amount: bigint, yieldBps: number | bigint, repaid = 0n, late = 0n): bigint {
  const due = totalDue(amount, yieldBps, late) - repaid;
  return due > 0n ? due : 0n;
}

const SECONDS_PER_DAY = 86_400n;

/** Whole days from `maturity` to `now` (unix seconds), 0 before or at maturity: the days a late fee counts. */
export function daysLate(maturity: bigint, now: bigint): bigint {
  return now > maturity ? (now - maturity) / SECONDS_PER_DAY : 0n;
}

/**
 * The late fee after `days` whole days past maturity with nothing repaid: amount * yieldBps / tenorDays / 10000 a day,
 * rounded down once, never above amount - fee (fees and late fees together never exceed the principal).
 */
export function lateFee(
  amount: bigint,
  yieldBps: number | bigint,
  tenorDays: number | bigint,
  days: bigint,
): bigint {
  return accrueLateFee(amount, yieldBps, tenorDays, 0n, 0n, days);
}

/**
 * The late fee after `accrued` so far and `daysMore` whole days at the invoice's daily rate on what is still overdue
 * once `repaid` has been paid (principal and fee unpaid, at most the principal, never the late fee itself), rounded
 * down per accrual, never above amount - fee in total (decision 0057; FarmNFT accrues at each repayment past maturity).
 */
export function accrueLateFee(
  amount: bigint,
  yieldBps: number | bigint,
  tenorDays: number | bigint,
  repaid: bigint,
  accrued: bigint,
  daysMore: bigint,
): bigint {
  const fee = financingFee(amount, yieldBps);
  const unpaid = amount + fee > repaid ? amount + fee - repaid : 0n;
  const base = unpaid < amount ? unpaid : amount;
  const late = accrued + (base * BigInt(yieldBps) * daysMore) / (BigInt(tenorDays) * BPS_DENOMINATOR);
  return late < amount - fee ? late : amount - fee;
}

/** An invoice's late fee as FarmNFT stores it: accrued at its last repayment past maturity, and the days counted. */
export interface LateFeeState {
  accrued: bigint;
  daysCounted: bigint;
}

/**
 * The late fee state of a Funded invoice at `now` (unix seconds): what `state` holds plus the whole days past `maturity`
 * since it was counted, on what `repaid` leaves overdue. A repayment past maturity stores this before it counts.
 */
export function lateFeeAt(
  terms: { amount: bigint; yieldBps: number | bigint; tenorDays: number | bigint; maturity: bigint },
  repaid: bigint,
  state: LateFeeState,
  now: bigint,
): LateFeeState {
  const days = daysLate(terms.maturity, now);
  if (days <= state.daysCounted) return state;
  const more = days - state.daysCounted;
  const accrued = accrueLateFee(terms.amount, terms.yieldBps, terms.tenorDays, repaid, state.accrued, more);
  return { accrued, daysCounted: days };
}

/** Late fee paid in on a repaid invoice: what was repaid beyond principal and fee (the holders share it). */
export function latePaid(amount: bigint, yieldBps: number | bigint, repaid: bigint): bigint {
  const beyond = repaid - totalDue(amount, yieldBps);
  return beyond > 0n ? beyond : 0n;
}

/** Yield of the shares [before, before + shares) of a repaid invoice: what a harvest of them pays. */
export function yieldSlice(before: bigint, shares: bigint, yieldBps: number | bigint): bigint {
  return yieldOn(before + shares, yieldBps) - yieldOn(before, yieldBps);
}

/**
 * Yield an investment of `amount` into an invoice that already has `fundedBefore` invested earns once the invoice
 * is repaid in full (its slice of the fee; a harvest pays the slice at its own position, at most one base unit
 * apart).
 */
export function investmentYield(amount: bigint, yieldBps: number | bigint, fundedBefore = 0n): bigint {
  return yieldSlice(fundedBefore, amount, yieldBps);
}

/** What FarmNFT reserves in the vault when the invoice is approved: its whole yield, the financing fee. */
export function approvalReservation(amount: bigint, yieldBps: number | bigint): bigint {
  return financingFee(amount, yieldBps);
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
  /** Part of `taken` that is financing fee (goes to the vault; paid to the holders once the invoice is repaid). */
  feePart: bigint;
  /** Part of `taken` that is late fee (paid last; stays in FarmNFT for the holders as extra yield). */
  latePart: bigint;
}

/**
 * How FarmNFT.repay splits a payment of `payment` towards an invoice that has `repaidBefore` already and owes `late`
 * in late fees (accrued at the payment's block, or fixed at a default): principal first, then fee, then late fee.
 */
export function splitRepayment(
  amount: bigint,
  yieldBps: number | bigint,
  repaidBefore: bigint,
  payment: bigint,
  late = 0n,
): RepaymentSplit {
  const outstanding = amountDue(amount, yieldBps, repaidBefore, late);
  const taken = payment < outstanding ? payment : outstanding;
  const principalOutstanding = amount > repaidBefore ? amount - repaidBefore : 0n;
  const principalPart = taken < principalOutstanding ? taken : principalOutstanding;
  const fee = financingFee(amount, yieldBps);
  const feePaid = repaidBefore > amount ? repaidBefore - amount : 0n;
  const feeOutstanding = fee > feePaid ? fee - feePaid : 0n;
  const rest = taken - principalPart;
  const feePart = rest < feeOutstanding ? rest : feeOutstanding;
  return { taken, principalPart, feePart, latePart: rest - feePart };
}

/** Principal holders of a defaulted invoice share: repayments up to the principal (the rest is fee). */
export function recoveredPrincipal(amount: bigint, repaid: bigint): bigint {
  return repaid < amount ? repaid : amount;
}

/** Financing fee (late fee included) holders of a defaulted invoice share as yield: repayments beyond the principal. */
export function recoveredFee(amount: bigint, repaid: bigint): bigint {
  return repaid - recoveredPrincipal(amount, repaid);
}

/** What settling a default returns to the vault's free reserve: the reservation of the fee not recovered (a late
 *  fee recovered is beyond the fee and never reduces it). */
export function settlementRelease(amount: bigint, yieldBps: number | bigint, repaid: bigint): bigint {
  const fee = financingFee(amount, yieldBps);
  const recovered = recoveredFee(amount, repaid);
  return recovered < fee ? fee - recovered : 0n;
}

export interface HarvestInput {
  /** "repaid" pays the shares back with their yield; "settled" pays their pro-rata part of the principal and fee
   *  recovered. */
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
  const { redeemedBefore, shares, funded, amount, repaid } = input;
  if (input.status === "repaid") {
    const late = principalSlice(redeemedBefore, shares, latePaid(amount, input.yieldBps, repaid), funded);
    return { principal: shares, yield: yieldSlice(redeemedBefore, shares, input.yieldBps) + late };
  }
  return {
    principal: principalSlice(redeemedBefore, shares, recoveredPrincipal(amount, repaid), funded),
    yield: principalSlice(redeemedBefore, shares, recoveredFee(amount, repaid), funded),
  };
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
