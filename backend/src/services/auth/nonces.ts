import { generateSiweNonce } from "viem/siwe";
import type { CacheStore } from "../../adapters/cache";

/** EIP-4361 nonces live 5 minutes and can be used once. */
export const nonceTtlMs = 5 * 60 * 1000;
const nonceKey = (nonce: string) => `siwe-nonce:${nonce}`;

export async function issueNonce(cache: CacheStore): Promise<string> {
  const nonce = generateSiweNonce();
  await cache.set(nonceKey(nonce), "1", nonceTtlMs);
  return nonce;
}

/** True exactly once per issued, unexpired nonce, even when several sign-ins race with the same one. */
export async function consumeNonce(cache: CacheStore, nonce: string): Promise<boolean> {
  return cache.delete(nonceKey(nonce));
}
