import { harvestPayout } from "../yield";
import type { InvoiceStatusName } from "./crop-stage";

export interface PayoutFacts {
  status: InvoiceStatusName;
  /** Shares the holder still owns (1 share = 1 base unit of principal). */
  shares: bigint;
  /** Shares of the invoice already harvested or refunded by anyone (the contract's redeemed shares). */
  redeemedBefore: bigint;
  /** Yield for the whole term in basis points. */
  yieldBps: number;
  /** Target principal, base units. */
  amount: bigint;
  /** Shares issued in total. */
  funded: bigint;
  /** Repaid in total, base units. */
  repaid: bigint;
}

export interface Payout {
  principal: bigint;
  yield: bigint;
  total: bigint;
}

/** An amount split into principal and yield, with its total. */
export const payoutOf = (principal: bigint, yieldPart: bigint): Payout => ({
  principal,
  yield: yieldPart,
  total: principal + yieldPart,
});

/** The position a payout is figured from (FarmNFT's own terms). */
export type SharePosition = Pick<
  PayoutFacts,
  "shares" | "redeemedBefore" | "yieldBps" | "amount" | "funded" | "repaid"
>;

/** What the held shares pay when harvested as a repaid invoice or as a settled default: the one place the contract's
 *  harvest math (@farm/core yield) is applied to a holder's position. */
export function sharePayout(as: "repaid" | "settled", position: SharePosition): Payout {
  const harvest = harvestPayout({
    status: as,
    shares: position.shares,
    redeemedBefore: position.redeemedBefore,
    yieldBps: position.yieldBps,
    funded: position.funded,
    amount: position.amount,
    repaid: position.repaid,
  });
  return payoutOf(harvest.principal, harvest.yield);
}

/**
 * What the held shares pay if redeemed now, with FarmNFT's own math (@farm/core yield): principal plus yield once the
 * farmer has repaid; after a default the pro-rata part of the principal and fee recovered so far, nothing more. A
 * cancelled invoice refunds the principal only; a rejected one never had shares.
 */
export function expectedPayout(facts: PayoutFacts): Payout {
  const { status, shares } = facts;
  if (status === "rejected" || shares === 0n) return payoutOf(0n, 0n);
  if (status === "cancelled") return payoutOf(shares, 0n);
  return sharePayout(status === "defaulted" || status === "settled" ? "settled" : "repaid", facts);
}
