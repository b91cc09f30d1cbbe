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

const payout = (principal: bigint, yieldPart: bigint): Payout => ({
  principal,
  yield: yieldPart,
  total: principal + yieldPart,
});

/**
 * What the held shares pay if redeemed now, with FarmNFT's own math (@farm/core yield): principal plus yield once the
 * farmer has repaid; after a default the pro-rata part of the principal and fee recovered so far, nothing more. A
 * cancelled invoice refunds the principal only; a rejected one never had shares.
 */
export function expectedPayout(facts: PayoutFacts): Payout {
  const { status, shares, redeemedBefore } = facts;
  if (status === "rejected" || shares === 0n) return payout(0n, 0n);
  if (status === "cancelled") return payout(shares, 0n);
  const harvest = harvestPayout({
    status: status === "defaulted" || status === "settled" ? "settled" : "repaid",
    shares,
    redeemedBefore,
    yieldBps: facts.yieldBps,
    funded: facts.funded,
    amount: facts.amount,
    repaid: facts.repaid,
  });
  return payout(harvest.principal, harvest.yield);
}
