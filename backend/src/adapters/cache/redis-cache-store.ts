import { Redis, ReplyError } from "ioredis";
import { DependencyUnavailableError } from "../../errors/dependency";
import type { CacheStore, LinkedRead } from "./cache-store";

export interface RedisCacheOptions {
  /** A command that gets no answer within this many milliseconds fails (a Redis that hangs). */
  commandTimeoutMs?: number;
  /** Pause between reconnection attempts while Redis is away. */
  reconnectEveryMs?: number;
}

/** INCR plus PEXPIRE on the first increment of the key in `counter`, leaving `count` and `ttl` (Lua locals). */
const countLua = `
local count = redis.call('INCR', counter)
if count == 1 then redis.call('PEXPIRE', counter, ARGV[1]) end
local ttl = redis.call('PTTL', counter)
`;

/** The count, in one round trip and atomically. */
const incrementScript = `local counter = KEYS[1]
${countLua}
return {count, ttl}
`;

/** For each i, count on KEYS[2i-1] (as incrementScript) and delete KEYS[2i]. */
const incrementAndDeleteScript = `for i = 1, #KEYS, 2 do
  local counter = KEYS[i]
  ${countLua}
  redis.call('DEL', KEYS[i + 1])
end
return #KEYS / 2
`;

/**
 * GET KEYS[2] and, when it holds JSON with an address, count on ARGV[2] .. lower(address) (when ARGV[2] is not
 * empty: a per-wallet counter) instead of KEYS[1], and GET ARGV[i] .. lower(address) for each i from 3. Keys built
 * in the script need one Redis (or a Cluster hash slot plan), which is what Farm runs on.
 */
const incrementAndReadLinkedScript = `local value = redis.call('GET', KEYS[2])
local address = nil
if value then
  local ok, decoded = pcall(cjson.decode, value)
  if ok and type(decoded) == 'table' and type(decoded.address) == 'string' then
    address = string.lower(decoded.address)
  end
end
local counter = KEYS[1]
if address and ARGV[2] ~= '' then counter = ARGV[2] .. address end
${countLua}
local linked = {}
for i = 3, #ARGV do
  linked[i - 2] = address and redis.call('GET', ARGV[i] .. address) or false
end
return {count, ttl, value, linked}
`;

/**
 * Redis-backed store shared by every backend instance; all keys carry `prefix`.
 *
 * Fails fast when Redis is away: once the first connection is up, a command issued while disconnected throws a
 * DependencyUnavailableError at once instead of waiting in ioredis's offline queue, a command in flight when the
 * connection breaks fails at once (no retries), and one without an answer fails after `commandTimeoutMs`. The client
 * reconnects every `reconnectEveryMs`, so the store works again within that time of Redis coming back.
 */
export class RedisCacheStore implements CacheStore {
  private readonly redis: Redis;
  private connectedOnce = false;

  constructor(
    url: string,
    private readonly prefix: string,
    options: RedisCacheOptions = {},
  ) {
    const reconnectEveryMs = options.reconnectEveryMs ?? 200;
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      lazyConnect: false,
      maxRetriesPerRequest: 0,
      // Only commands issued before the first connection wait for it (start-up); later ones fail fast, see run().
      enableOfflineQueue: true,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      retryStrategy: () => reconnectEveryMs,
      // Commands issued in the same tick share one round trip: under load most requests hit Redis together.
      enableAutoPipelining: true,
    });
    this.redis.on("ready", () => {
      this.connectedOnce = true;
    });
    this.redis.defineCommand("farmIncrement", { numberOfKeys: 1, lua: incrementScript });
    this.redis.defineCommand("farmIncrementAndDelete", { lua: incrementAndDeleteScript });
    this.redis.defineCommand("farmIncrementAndReadLinked", {
      numberOfKeys: 2,
      lua: incrementAndReadLinkedScript,
    });
    // Connection errors surface on the commands that hit them; without a listener ioredis would crash the process.
    this.redis.on("error", () => {});
  }

  /** Runs one command, failing at once while disconnected; connection failures become DependencyUnavailableError. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.connectedOnce && this.redis.status !== "ready")
      throw new DependencyUnavailableError("cache", "REDIS_DISCONNECTED");
    try {
      return await command();
    } catch (error) {
      // A reply error (a script's own failure, a wrong type) is a bug to report as it is, not an outage.
      if (error instanceof ReplyError) throw error;
      throw new DependencyUnavailableError("cache", "REDIS_UNREACHABLE", { cause: error });
    }
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.redis.get(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.run(() =>
      ttlMs === undefined
        ? this.redis.set(key, value)
        : this.redis.set(key, value, "PX", Math.max(1, Math.ceil(ttlMs))),
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const result = await this.run(() =>
      this.redis.set(key, value, "PX", Math.max(1, Math.ceil(ttlMs)), "NX"),
    );
    return result === "OK";
  }

  async increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const run = (
      this.redis as unknown as Record<string, (key: string, ttl: number) => Promise<[number, number]>>
    ).farmIncrement;
    const [count, ttl] = await this.run(() => run!.call(this.redis, key, Math.max(1, Math.ceil(ttlMs))));
    return { count, ttlMs: ttl < 0 ? ttlMs : ttl };
  }

  async incrementAndReadLinked(
    counterKey: string,
    ttlMs: number,
    key: string,
    { prefixes, walletCounterPrefix }: { prefixes: readonly string[]; walletCounterPrefix?: string },
  ): Promise<LinkedRead> {
    const run = (
      this.redis as unknown as Record<
        string,
        (
          counter: string,
          key: string,
          ttl: number,
          walletPrefix: string,
          ...linkedPrefixes: string[]
        ) => Promise<[number, number, string | null, (string | null)[]]>
      >
    ).farmIncrementAndReadLinked;
    const [count, ttl, value, linked] = await this.run(() =>
      run!.call(
        this.redis,
        counterKey,
        key,
        Math.max(1, Math.ceil(ttlMs)),
        // KEYS get the key prefix from ioredis; keys built in the script get it here.
        walletCounterPrefix ? `${this.prefix}${walletCounterPrefix}` : "",
        ...prefixes.map((prefix) => `${this.prefix}${prefix}`),
      ),
    );
    return {
      count,
      ttlMs: ttl < 0 ? ttlMs : ttl,
      value: value ?? null,
      linked: prefixes.map((_, i) => linked[i] ?? null),
    };
  }

  async delete(key: string): Promise<boolean> {
    return (await this.run(() => this.redis.del(key))) === 1;
  }

  async incrementAndDelete(pairs: readonly { counter: string; key: string }[], ttlMs: number): Promise<void> {
    if (pairs.length === 0) return;
    const run = (
      this.redis as unknown as Record<
        string,
        (keyCount: number, ...args: (string | number)[]) => Promise<number>
      >
    ).farmIncrementAndDelete;
    const keys = pairs.flatMap(({ counter, key }) => [counter, key]);
    await this.run(() => run!.call(this.redis, keys.length, ...keys, Math.max(1, Math.ceil(ttlMs))));
  }

  async ping(): Promise<void> {
    await this.run(() => this.redis.ping());
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
