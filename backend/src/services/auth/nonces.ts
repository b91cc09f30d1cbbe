import { generateSiweNonce } from "viem/siwe";
import type { CacheStore } from "../../adapters/cache";

/** EIP-4361 nonces live 5 minutes and can be used once. */
export const nonceTtlMs = 5 * 60 * 1000;
const nonceKey = (nonce: string) => `siwe-nonce:${nonce}`;

/** Issues a nonce, remembering when (a message cannot have been written before its nonce existed). */
export async function issueNonce(cache: CacheStore, now = Date.now()): Promise<string> {
  const nonce = generateSiweNonce();
  await cache.set(nonceKey(nonce), String(now), nonceTtlMs);
  return nonce;
}

/**
 * When the nonce was issued (ms), exactly once per issued, unexpired nonce even when several sign-ins race with the
 * same one; null otherwise.
 */
export async function consumeNonce(cache: CacheStore, nonce: string): Promise<number | null> {
  const issuedAt = await cache.get(nonceKey(nonce));
  if (issuedAt === null || !(await cache.delete(nonceKey(nonce)))) return null;
  return Number(issuedAt) || 0;
}
