/**
 * The small key-value contract sessions, SIWE nonces, rate-limit counters and short-lived caches rely on.
 * Implemented by Redis (shared by every instance) and in memory (one instance, local development and tests).
 */
export interface CacheStore {
  get(key: string): Promise<string | null>;
  /** Stores a value; with `ttlMs` it disappears after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Atomically adds one; the first increment of a key starts its `ttlMs` lifetime (later ones keep it).
   * Returns the new count and the milliseconds the key has left.
   */
  increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * `increment(counterKey, ttlMs)` and more reads in ONE round trip: the value at `key` and, when that value is JSON
   * with a string `address`, the value at `prefix + address.toLowerCase()` for each of `linked.prefixes`. Every
   * signed-in request needs its rate-limit count, its session and its wallet's cached identity before anything else
   * (and the profile route its cached profile); one trip instead of three or four.
   * With `walletCounterPrefix`, a value with an address is counted on `walletCounterPrefix + address.toLowerCase()`
   * instead of `counterKey` (a signed-in wallet's own limit; an unknown session still counts on `counterKey`).
   */
  incrementAndReadLinked(
    counterKey: string,
    ttlMs: number,
    key: string,
    linked: { prefixes: readonly string[]; walletCounterPrefix?: string },
  ): Promise<LinkedRead>;
  /** Deletes a key; true when it existed, so exactly one of several concurrent callers sees true. */
  delete(key: string): Promise<boolean>;
  /**
   * For each pair in order, `increment(counter, ttlMs)` then `delete(key)`, in ONE round trip: a batch of writes that
   * made several cached values stale forgets them all at once (see forgetCached).
   */
  incrementAndDelete(pairs: readonly { counter: string; key: string }[], ttlMs: number): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What `incrementAndReadLinked` answers: the counter as `increment` gives it, the value and the linked values. */
export interface LinkedRead {
  count: number;
  ttlMs: number;
  value: string | null;
  /** One per prefix asked for, in its order; null when the key is missing or the value names no address. */
  linked: (string | null)[];
}
