import type { CacheStore } from "./cache-store";
import { MemoryCacheStore } from "./memory-cache-store";
import { RedisCacheStore } from "./redis-cache-store";

export type { CacheStore } from "./cache-store";
export { MemoryCacheStore } from "./memory-cache-store";
export { RedisCacheStore } from "./redis-cache-store";

/** Redis when a URL is configured, otherwise the in-memory store. */
export function createCacheStore(options: {
  redisUrl: string | undefined;
  prefix: string;
  commandTimeoutMs?: number;
}): CacheStore {
  return options.redisUrl
    ? new RedisCacheStore(options.redisUrl, options.prefix, { commandTimeoutMs: options.commandTimeoutMs })
    : new MemoryCacheStore();
}
