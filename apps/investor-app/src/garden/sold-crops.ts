import type { Crop } from "@farm/core";

/**
 * Whether a plant left the garden on the market: the wallet holds none of its shares and never harvested or got a
 * refund from it, so every share it had went to someone else (a buyer). A harvested or refunded plant stays, as it
 * always did; a plant sold in part stays with fewer shares.
 */
export function soldAway(crop: Pick<Crop, "shares" | "received">): boolean {
  return (
    BigInt(crop.shares) === 0n &&
    BigInt(crop.received.harvestedPrincipal) === 0n &&
    BigInt(crop.received.harvestedYield) === 0n &&
    BigInt(crop.received.refunded) === 0n
  );
}

/** The garden's plants without those sold away whole. */
export function plantsInGarden<T extends Pick<Crop, "shares" | "received">>(crops: readonly T[]): T[] {
  return crops.filter((crop) => !soldAway(crop));
}
