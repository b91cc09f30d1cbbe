import type { InvoiceStatusName } from "./crop-stage";

const BPS = 10_000n;

export interface PayoutFacts {
  status: InvoiceStatusName;
  /** Shares the holder still owns (1 share = 1 base unit of principal). */
  shares: bigint;
  /** Yield for the whole term in basis points. */
  yieldBps: number;
  /** Principal the invoice raised in total. */
  funded: bigint;
  /** GOLD recovered when a default was settled. */
  recovered: bigint;
}

export interface Payout {
  principal: bigint;
  yield: bigint;
  total: bigint;
}

/**
 * What the held shares pay out, mirroring FarmNFT: the yield `shares * yieldBps / 10000` was reserved at investment
 * and is paid whatever happens (rounded down once); the principal is the shares, or after a settled default the
 * pro-rata part of what was recovered. A cancelled invoice refunds the principal and releases the yield.
 */
export function expectedPayout(facts: PayoutFacts): Payout {
  const { shares } = facts;
  const reservedYield = (shares * BigInt(facts.yieldBps)) / BPS;
  let principal = shares;
  let yieldPart = reservedYield;
  if (facts.status === "cancelled") yieldPart = 0n;
  else if (facts.status === "settled" || facts.status === "defaulted")
    principal = facts.funded === 0n ? 0n : (shares * facts.recovered) / facts.funded;
  else if (facts.status === "rejected") principal = yieldPart = 0n;
  return { principal, yield: yieldPart, total: principal + yieldPart };
}
