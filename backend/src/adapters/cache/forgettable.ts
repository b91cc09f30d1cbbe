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
 * comes before the second reading: no stale value outlives the fill that made it. Commands sent together run in the
 * order sent (ioredis pipelines one tick's commands on one connection, loading its scripts first). One more round trip
 * on each miss; none on a hit or a forget.
 */
const forgetsKey = (key: string) => `forgets:${key}`;

/** How long a key's forget count lives: far longer than any fill takes. */
const forgetsTtlMs = 60_000;

/** Counts the forget, then deletes: both sent at once, in that order (one round trip on Redis, auto-pipelined). */
export async function forgetCached(cache: CacheStore, key: string): Promise<void> {
  await Promise.all([cache.increment(forgetsKey(key), forgetsTtlMs), cache.delete(key)]);
}

/** forgetCached for several keys, in one command (a batch of game writes forgetting every wallet it moved). */
export async function forgetAllCached(cache: CacheStore, keys: Iterable<string>): Promise<void> {
  const pairs = [...new Set(keys)].map((key) => ({ counter: forgetsKey(key), key }));
  await cache.incrementAndDelete(pairs, forgetsTtlMs);
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
  // Stored, then the count read again: sent together, in that order.
  const [, after] = await Promise.all([
    cache.set(key, built.text, built.ttlMs ?? ttlMs),
    cache.get(forgetsKey(key)),
  ]);
  if (after !== before) await cache.delete(key);
  return built.value;
}
