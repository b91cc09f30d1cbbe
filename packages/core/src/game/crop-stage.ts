import type { InvoiceStatusName } from "../invoice-status";
import type { SqlTag } from "../sql-tag";
import { graceEnds, graceEndsSql } from "../states/invoice-state";
import { MS_PER_DAY } from "../time";
import { holdingEarnsXp, MIN_PLANTING_FOR_XP } from "./planting-xp";

export type { InvoiceStatusName };

export const CROP_STAGES = [
  "seed",
  "sprout",
  "growing",
  "ripe",
  "harvested",
  "wilting",
  "withered",
  "returned",
] as const;
export type CropStage = (typeof CROP_STAGES)[number];

/** What the stage of a crop is derived from: the invoice's on-chain state and the holder's position in it. */
export interface CropFacts {
  status: InvoiceStatusName;
  fundedAt: Date | null;
  maturity: Date | null;
  /** Shares the holder still owns. */
  shares: bigint;
  /** True once the holder has harvested shares of this invoice. */
  hasHarvested: boolean;
  /** Days after maturity an unpaid invoice counts as late rather than lost, fixed on chain when it was funded
   *  (FarmNFT's Invoice.graceDays); null before funding. */
  graceDays: number | null;
}

/** A funded crop's growth: sprout in the first third of its term, growing after; null before funding. */
export function growthOf(
  fundedAt: Date | null,
  maturity: Date | null,
  now: Date,
): "sprout" | "growing" | null {
  if (!fundedAt || !maturity) return null;
  const term = maturity.getTime() - fundedAt.getTime();
  // elapsed * 3 < term avoids dividing the term into a float third.
  return (now.getTime() - fundedAt.getTime()) * 3 < term ? "sprout" : "growing";
}

const growthStage = (facts: CropFacts, now: Date): CropStage =>
  growthOf(facts.fundedAt, facts.maturity, now) ?? "seed";

/** The crop's stage now; always from real state and time, never from a client timer. */
export function deriveCropStage(facts: CropFacts, now: Date): CropStage {
  if (facts.shares === 0n && facts.hasHarvested) return "harvested";
  switch (facts.status) {
    case "pending":
    case "approved":
      return "seed";
    case "rejected":
    case "cancelled":
      return "returned";
    case "defaulted":
    case "settled":
      return "withered";
    case "repaid":
      if (facts.maturity && now >= facts.maturity) return "ripe";
      return growthStage(facts, now);
    case "funded": {
      if (!facts.maturity || now < facts.maturity) return growthStage(facts, now);
      if (facts.graceDays === null) return "wilting";
      // Past the grace period an unpaid invoice is as good as lost, even before the admin marks the default.
      return now < graceEnds(facts.maturity, facts.graceDays) ? "wilting" : "withered";
    }
  }
}

/** Whether the holder can call harvest now: shares left, and the invoice repaid and mature, or its default settled. */
export function canHarvest(facts: CropFacts, now: Date): boolean {
  if (facts.shares === 0n) return false;
  if (facts.status === "settled") return true;
  return facts.status === "repaid" && facts.maturity !== null && now >= facts.maturity;
}

/** Stages a plant can still be watered in: not once it is harvested, withered or returned. */
export function isWaterable(stage: CropStage): boolean {
  return stage !== "harvested" && stage !== "withered" && stage !== "returned";
}

/**
 * Whether the holder may water this crop for XP: a waterable stage, and a holding of MIN_PLANTING_FOR_XP or more
 * (dust bought for a wei on the market is shown, never watered: watering XP needs what planting XP needs).
 */
export function isWaterableCrop(facts: CropFacts, now: Date): boolean {
  return holdingEarnsXp(facts.shares) && isWaterable(deriveCropStage(facts, now));
}

/**
 * `isWaterableCrop` in SQL on the chain's clock, for a `chain_invoices` row `invoice` and the holder's `shares` (the
 * holding check comes first, as assertHoldsCrop's). Waterable: a holding of 10 GOLD or more (MIN_PLANTING_FOR_XP) of
 * seeds (pending, approved), growing and ripe crops (funded before maturity, repaid) and wilting ones (funded, past
 * maturity, within grace); not dust, harvested (no shares left), withered (defaulted, settled, past grace) or returned.
 */
export function waterableSql<S>(q: SqlTag<S>, shares: S, invoice: S, chainNow: S): S {
  const graceEnd = graceEndsSql(q, q`${invoice}.maturity`, q`${invoice}.grace_days`);
  return q`(${shares} >= ${q.raw(MIN_PLANTING_FOR_XP.toString())}
    and (${invoice}.status in ('pending', 'approved', 'repaid')
         or (${invoice}.status = 'funded' and (${invoice}.maturity is null or ${invoice}.grace_days is null
             or ${graceEnd} > ${chainNow}))))`;
}

/** Fraction of the term elapsed, 0 before funding and 1 from maturity on. For display only; money never uses it. */
export function termProgress(fundedAt: Date | null, maturity: Date | null, now: Date): number {
  if (!fundedAt || !maturity) return 0;
  const term = maturity.getTime() - fundedAt.getTime();
  if (term <= 0 || now >= maturity) return 1;
  const elapsed = now.getTime() - fundedAt.getTime();
  if (elapsed <= 0) return 0;
  return Math.round((elapsed / term) * 10_000) / 10_000;
}

/** Whole days until maturity, rounded up (a crop maturing in 2 hours is 1 day away); 0 once mature; null before funding. */
export function daysToMaturity(maturity: Date | null, now: Date): number | null {
  if (!maturity) return null;
  const remaining = maturity.getTime() - now.getTime();
  return remaining <= 0 ? 0 : Math.ceil(remaining / MS_PER_DAY);
}
