import type { CacheStore } from "./cache-store";

/**
 * A value cached from the database that writes make stale: the writer calls `forgetCached` once its transaction has
 * committed, and a miss fills through `fillCached`.
 *
 * Deleting the key alone leaves a race: a reader that built the value from the rows before the write, and stores it
 * just after the writer's delete, keeps the old value cached for its whole lifetime (a harvest's XP missing from the
 * profile for two seconds, a farmer's approval from the identity for thirty). So each forget also counts, under a key
 * of its own, and a fill compares that count before it reads the database and after it stored the value; when a
 * forget came in between, it deletes what it stored. Either the forget's delete comes after the store, or its count
 * comes before the second reading: no stale value outlives the fill that made it. One more round trip on each miss,
 * none on a hit.
 */
const forgetsKey = (key: string) => `forgets:${key}`;

/** How long a key's forget count lives: far longer than any fill takes. */
const forgetsTtlMs = 60_000;

export async function forgetCached(cache: CacheStore, key: string): Promise<void> {
  await cache.increment(forgetsKey(key), forgetsTtlMs);
  await cache.delete(key);
}

/** What a fill built: the value for the caller, its cached text, and its lifetime when not the default. */
export interface Filled<T> {
  value: T;
  text: string;
  ttlMs?: number;
}

/**
 * Builds the value (`build` reads the database), caches its text for `ttlMs` (or the lifetime `build` settled on)
 * unless a forget came meanwhile, and returns it either way: it is what the rows said when this request read them.
 */
export async function fillCached<T>(
  cache: CacheStore,
  key: string,
  ttlMs: number,
  build: () => Promise<Filled<T>>,
): Promise<T> {
  const before = await cache.get(forgetsKey(key));
  const built = await build();
  await cache.set(key, built.text, built.ttlMs ?? ttlMs);
  if ((await cache.get(forgetsKey(key))) !== before) await cache.delete(key);
  return built.value;
}
