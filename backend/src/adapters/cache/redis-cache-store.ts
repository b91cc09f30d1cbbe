import { Redis } from "ioredis";
import type { CacheStore } from "./cache-store";

/** INCR plus PEXPIRE on the first increment, in one round trip and atomically. */
const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

/** Redis-backed store shared by every backend instance; all keys carry `prefix`. */
export class RedisCacheStore implements CacheStore {
  private readonly redis: Redis;

  constructor(url: string, prefix: string) {
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // Commands issued in the same tick share one round trip: under load most requests hit Redis together.
      enableAutoPipelining: true,
    });
    this.redis.defineCommand("farmIncrement", { numberOfKeys: 1, lua: incrementScript });
    // Connection errors surface on the commands that hit them; without a listener ioredis would crash the process.
    this.redis.on("error", () => {});
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(key, value);
    else await this.redis.set(key, value, "PX", Math.max(1, Math.ceil(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const result = await this.redis.set(key, value, "PX", Math.max(1, Math.ceil(ttlMs)), "NX");
    return result === "OK";
  }

  async increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const run = (
      this.redis as unknown as Record<string, (key: string, ttl: number) => Promise<[number, number]>>
    ).farmIncrement;
    const [count, ttl] = await run!.call(this.redis, key, Math.max(1, Math.ceil(ttlMs)));
    return { count, ttlMs: ttl < 0 ? ttlMs : ttl };
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(key)) === 1;
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
