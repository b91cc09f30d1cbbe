import { ONE_GOLD } from "@farm/core";
import type { ShopSeed } from "./shop-seed";

export function seedFixture(overrides: Partial<ShopSeed> = {}): ShopSeed {
  return {
    tokenId: 1n,
    farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    amount: 1_000n * ONE_GOLD,
    funded: 0n,
    yieldBps: 500,
    tenorDays: 30,
    fundingDeadline: new Date("2026-12-01T00:00:00Z"),
    crop: "Rice",
    farmerName: "Tani Makmur",
    region: "Jawa Barat",
    buyerName: "Pasar Induk",
    evidence: null,
    ...overrides,
  };
}
