import { hash, randomBytes } from "node:crypto";
import type { CacheStore } from "../../adapters/cache";

/** A session ends after 7 days without use. */
export const sessionIdleMs = 7 * 24 * 60 * 60 * 1000;
/** The idle timer is pushed back at most this often, so most requests read the session without writing it. */
const refreshEveryMs = 60 * 60 * 1000;

interface StoredSession {
  address: `0x${string}`;
  refreshedAt: number;
}

// The cache holds a hash of the id, so a leaked cache dump cannot be replayed as cookies (one-shot: no Hash object).
export const sessionKey = (id: string) => `session:${hash("sha256", id, "base64url")}`;

export async function createSession(
  cache: CacheStore,
  address: `0x${string}`,
  now = Date.now(),
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const stored: StoredSession = { address, refreshedAt: now };
  await cache.set(sessionKey(id), JSON.stringify(stored), sessionIdleMs);
  return id;
}

/** The session id's shape is checked before any lookup: ids are 43 base64url characters, anything far off is junk. */
export const plausibleSessionId = (id: string) => id.length > 0 && id.length <= 100;

/**
 * The session's wallet, or null when unknown or idle too long; `refreshed` says the idle timer was pushed back.
 * `stored` is the session's cache value when the caller already read it (the rate-limit hook reads it together
 * with the request's count); otherwise it is read here.
 */
export async function readSession(
  cache: CacheStore,
  id: string,
  now = Date.now(),
  stored?: string | null,
): Promise<{ address: `0x${string}`; refreshed: boolean } | null> {
  if (!plausibleSessionId(id)) return null;
  const text = stored === undefined ? await cache.get(sessionKey(id)) : stored;
  if (text === null) return null;
  const session = JSON.parse(text) as StoredSession;
  if (now - session.refreshedAt < refreshEveryMs) return { address: session.address, refreshed: false };
  await cache.set(sessionKey(id), JSON.stringify({ ...session, refreshedAt: now }), sessionIdleMs);
  return { address: session.address, refreshed: true };
}

export async function deleteSession(cache: CacheStore, id: string): Promise<void> {
  await cache.delete(sessionKey(id));
}
