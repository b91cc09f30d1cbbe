import type { FarmerTrackRecord, InvoiceEvidenceBadges } from "@farm/core";
import type { Address } from "viem";

/** A seed in the shop: an approved invoice still open for funding (chain state) joined with its backend metadata. */
export interface ShopSeed {
  tokenId: bigint;
  farmer: Address;
  /** Target principal in GOLD base units. */
  amount: bigint;
  /** Principal already invested, base units. */
  funded: bigint;
  /** Yield for the whole term in basis points (1000 = 10 %). */
  yieldBps: number;
  tenorDays: number;
  fundingDeadline: Date;
  /** Backend metadata; absent while the backend has not indexed it yet. */
  crop: string | null;
  farmerName: string | null;
  region: string | null;
  buyerName: string | null;
  /** The farmer's track record from the index, late invoices included; absent until the backend has it. */
  record?: FarmerTrackRecord | null;
  /** Badges of what was checked (invoice, delivery, buyer), never the evidence itself. */
  evidence: InvoiceEvidenceBadges | null;
}

export function amountLeft(seed: Pick<ShopSeed, "amount" | "funded">): bigint {
  return seed.amount > seed.funded ? seed.amount - seed.funded : 0n;
}

/** Funding progress in whole percent, rounded down, from bigint amounts (no floats on money). */
export function fundingPercent(seed: Pick<ShopSeed, "amount" | "funded">): number {
  if (seed.amount === 0n) return 0;
  return Number((seed.funded * 100n) / seed.amount);
}
