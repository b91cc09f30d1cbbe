import { Redis } from "ioredis";
import type { CacheStore, LinkedRead } from "./cache-store";

/** INCR plus PEXPIRE on the first increment, leaving `count` and `ttl` (Lua locals) for the rest of a script. */
const countLua = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
`;

/** The count, in one round trip and atomically. */
const incrementScript = `${countLua}
return {count, ttl}
`;

/**
 * incrementScript, then GET KEYS[2] and, when it holds JSON with an address, GET ARGV[2] .. lower(address). The linked
 * key is built in the script, so this needs one Redis (or a Cluster hash slot plan), which is what Farm runs on.
 */
const incrementAndReadLinkedScript = `${countLua}
local value = redis.call('GET', KEYS[2])
local linked = false
if value then
  local ok, decoded = pcall(cjson.decode, value)
  if ok and type(decoded) == 'table' and type(decoded.address) == 'string' then
    linked = redis.call('GET', ARGV[2] .. string.lower(decoded.address))
  end
end
return {count, ttl, value, linked}
`;

/** Redis-backed store shared by every backend instance; all keys carry `prefix`. */
export class RedisCacheStore implements CacheStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // Commands issued in the same tick share one round trip: under load most requests hit Redis together.
      enableAutoPipelining: true,
    });
    this.redis.defineCommand("farmIncrement", { numberOfKeys: 1, lua: incrementScript });
    this.redis.defineCommand("farmIncrementAndReadLinked", {
      numberOfKeys: 2,
      lua: incrementAndReadLinkedScript,
    });
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

  async incrementAndReadLinked(
    counterKey: string,
    ttlMs: number,
    key: string,
    linkedPrefix: string,
  ): Promise<LinkedRead> {
    const run = (
      this.redis as unknown as Record<
        string,
        (
          counter: string,
          key: string,
          ttl: number,
          linkedPrefix: string,
        ) => Promise<[number, number, string | null, string | null]>
      >
    ).farmIncrementAndReadLinked;
    const [count, ttl, value, linked] = await run!.call(
      this.redis,
      counterKey,
      key,
      Math.max(1, Math.ceil(ttlMs)),
      // KEYS get the key prefix from ioredis; the linked key is built in the script, so it gets it here.
      `${this.prefix}${linkedPrefix}`,
    );
    return { count, ttlMs: ttl < 0 ? ttlMs : ttl, value: value ?? null, linked: linked ?? null };
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
