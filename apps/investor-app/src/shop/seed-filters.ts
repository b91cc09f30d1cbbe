import { amountLeft, type ShopSeed } from "./shop-seed";
import { annualYieldBps } from "./yield-rates";

export type SeedSort = "yield" | "term" | "amountLeft";

export interface SeedFilter {
  /** Minimum term yield in basis points; 0 shows all. */
  minYieldBps: number;
  /** Longest term in days; null shows all. */
  maxTenorDays: number | null;
  /** Minimum amount still open, in base units. */
  minAmountLeft: bigint;
  sort: SeedSort;
}

export const defaultSeedFilter: SeedFilter = {
  minYieldBps: 0,
  maxTenorDays: null,
  minAmountLeft: 0n,
  sort: "yield",
};

/** Best first: highest annual yield, shortest term, or most GOLD still open; ties by token id for a stable list. */
const comparators: Record<SeedSort, (a: ShopSeed, b: ShopSeed) => number> = {
  yield: (a, b) => annualYieldBps(b) - annualYieldBps(a) || b.yieldBps - a.yieldBps,
  term: (a, b) => a.tenorDays - b.tenorDays,
  amountLeft: (a, b) => compareBigint(amountLeft(b), amountLeft(a)),
};

function compareBigint(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

export function filterAndSortSeeds(seeds: readonly ShopSeed[], filter: SeedFilter): ShopSeed[] {
  return seeds
    .filter(
      (seed) =>
        seed.yieldBps >= filter.minYieldBps &&
        (filter.maxTenorDays === null || seed.tenorDays <= filter.maxTenorDays) &&
        amountLeft(seed) > 0n &&
        amountLeft(seed) >= filter.minAmountLeft,
    )
    .sort((a, b) => comparators[filter.sort](a, b) || compareBigint(a.tokenId, b.tokenId));
}
