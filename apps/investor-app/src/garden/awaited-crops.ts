/**
 * Crops a wallet has just planted, until GET /api/crops lists them. `POST /api/crops/sync` records an investment at
 * once, but a crop is listed only once the indexer has also read the invoice's own submission: a seed bought moments
 * after its approval (the shop reads seeds from the chain, not the index) or a failed sync leaves the plant to the
 * indexer's next pass, a second locally and about a minute on an L2 read with confirmations. The synced rows lie
 * ahead of the indexer's cursor, and a pass that writes blocks before them replaces them until it reaches their
 * block, so even a listed crop can be missing from the next answer. While one is awaited the crop list is fetched
 * again every few seconds, so the plant appears without a reload.
 */
const awaited = new Map<string, number>();

/** How often the crop list is fetched while a planted crop is missing from it. */
export const awaitedCropRefetchMs = 2_000;
/** After this long the list stops polling for a crop (the indexer is down; a reload shows it later). */
export const awaitedCropGiveUpMs = 3 * 60_000;

const keyOf = (address: string, cropId: string) => `${address.toLowerCase()}:${cropId}`;

/** Marks `cropId` as planted by `address` but not yet in the crop list. */
export function awaitCrop(address: string, cropId: string, nowMs = Date.now()): void {
  awaited.set(keyOf(address, cropId), nowMs + awaitedCropGiveUpMs);
}

/**
 * The crop list's refetch interval for `address`: every few seconds while a crop it planted is still missing from
 * `listed`, otherwise none. Crops that appeared or were waited for too long are forgotten.
 */
export function awaitedCropsRefetchInterval(
  address: string | undefined,
  listed: readonly { cropId: string }[] | undefined,
  nowMs = Date.now(),
): number | false {
  if (!address || !listed) return false;
  const prefix = `${address.toLowerCase()}:`;
  const present = new Set(listed.map((crop) => keyOf(address, crop.cropId)));
  let waiting = false;
  for (const [key, giveUpAt] of awaited) {
    if (!key.startsWith(prefix)) continue;
    if (present.has(key) || nowMs >= giveUpAt) awaited.delete(key);
    else waiting = true;
  }
  return waiting ? awaitedCropRefetchMs : false;
}
