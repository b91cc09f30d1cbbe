import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { testRedisUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CacheStore, MemoryCacheStore, RedisCacheStore } from "../src/adapters/cache";

/** The one contract both cache stores must keep; each implementation runs the same cases. */
function cacheStoreContract(name: string, create: () => CacheStore, enabled = true) {
  describe.runIf(enabled)(`cache store contract: ${name}`, () => {
    let store: CacheStore;
    beforeAll(() => {
      store = create();
    });
    afterAll(() => store.close());
    const key = () => `k:${randomBytes(6).toString("hex")}`;

    it("returns null for a key never set", async () => {
      expect(await store.get(key())).toBeNull();
    });

    it("returns what was set, and the latest value after an overwrite", async () => {
      const k = key();
      await store.set(k, "one");
      expect(await store.get(k)).toBe("one");
      await store.set(k, "two", 60_000);
      expect(await store.get(k)).toBe("two");
    });

    it("forgets a value once its TTL has passed", async () => {
      const k = key();
      await store.set(k, "short", 80);
      expect(await store.get(k)).toBe("short");
      await sleep(200);
      expect(await store.get(k)).toBeNull();
    });

    it("stores with setIfAbsent only for the first of concurrent callers", async () => {
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.setIfAbsent(k, String(i), 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("increments atomically under concurrency and keeps the first TTL", async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.increment(k, 60_000)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      for (const result of results) {
        expect(result.ttlMs).toBeGreaterThan(50_000);
        expect(result.ttlMs).toBeLessThanOrEqual(60_000);
      }
    });

    it("counts and deletes each pair of a batch in one call, the counters keeping their first TTL", async () => {
      const [a, b, untouched] = [key(), key(), key()];
      await store.set(a, "A");
      await store.set(b, "B");
      await store.set(untouched, "C");
      await store.increment(`${a}:n`, 60_000);
      await store.incrementAndDelete(
        [
          { counter: `${a}:n`, key: a },
          { counter: `${b}:n`, key: b },
        ],
        60_000,
      );
      expect([await store.get(a), await store.get(b), await store.get(untouched)]).toEqual([null, null, "C"]);
      const [countA, countB] = [await store.increment(`${a}:n`, 1), await store.increment(`${b}:n`, 1)];
      expect([countA.count, countB.count]).toEqual([3, 2]);
      expect(countB.ttlMs).toBeGreaterThan(50_000);
      await store.incrementAndDelete([], 60_000);
    });

    it("restarts a counter after its window expired", async () => {
      const k = key();
      await store.increment(k, 80);
      await store.increment(k, 80);
      await sleep(200);
      expect((await store.increment(k, 80)).count).toBe(1);
    });

    it("deletes a key, reporting true to exactly one of concurrent deleters", async () => {
      const k = key();
      await store.set(k, "x", 60_000);
      const results = await Promise.all(Array.from({ length: 10 }, () => store.delete(k)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.get(k)).toBeNull();
      expect(await store.delete(key())).toBe(false);
    });

    it("counts and reads a key and the keys its JSON address links to, in one call", async () => {
      const counter = key();
      const session = key();
      const prefix = `${key()}:`;
      const other = `${key()}:`;
      const address = `0xAbC${randomBytes(4).toString("hex")}`;
      const linked = { prefixes: [prefix, other] };
      await store.set(session, JSON.stringify({ address, refreshedAt: 1 }), 60_000);
      await store.set(`${prefix}${address.toLowerCase()}`, "linked-value", 60_000);
      const first = await store.incrementAndReadLinked(counter, 60_000, session, linked);
      expect(first).toMatchObject({
        count: 1,
        value: JSON.stringify({ address, refreshedAt: 1 }),
        linked: ["linked-value", null],
      });
      expect(first.ttlMs).toBeGreaterThan(50_000);
      await store.set(`${other}${address.toLowerCase()}`, "second", 60_000);
      const second = await store.incrementAndReadLinked(counter, 60_000, session, linked);
      expect(second).toMatchObject({ count: 2, linked: ["linked-value", "second"] });
      // Only the prefixes asked for, in their order.
      expect(
        (await store.incrementAndReadLinked(counter, 60_000, session, { prefixes: [other] })).linked,
      ).toEqual(["second"]);
      expect((await store.incrementAndReadLinked(counter, 60_000, session, { prefixes: [] })).linked).toEqual(
        [],
      );
      expect((await store.increment(counter, 60_000)).count).toBe(5);
      // A missing key, a value that is not JSON, and JSON without an address link to nothing.
      expect(await store.incrementAndReadLinked(counter, 60_000, key(), linked)).toMatchObject({
        count: 6,
        value: null,
        linked: [null, null],
      });
      const plain = key();
      await store.set(plain, "not json", 60_000);
      expect(await store.incrementAndReadLinked(counter, 60_000, plain, linked)).toMatchObject({
        value: "not json",
        linked: [null, null],
      });
      await store.set(plain, JSON.stringify({ other: 1 }), 60_000);
      expect((await store.incrementAndReadLinked(counter, 60_000, plain, linked)).linked).toEqual([
        null,
        null,
      ]);
      // The linked key missing: the value still comes back.
      await store.delete(`${prefix}${address.toLowerCase()}`);
      expect(await store.incrementAndReadLinked(counter, 60_000, session, linked)).toMatchObject({
        value: JSON.stringify({ address, refreshedAt: 1 }),
        linked: [null, "second"],
      });
    });

    it("answers a ping", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

cacheStoreContract("in memory", () => new MemoryCacheStore());
cacheStoreContract(
  "Redis",
  () => new RedisCacheStore(testRedisUrl!, `farm-test:${randomBytes(6).toString("hex")}:`),
  Boolean(testRedisUrl),
);

describe.runIf(testRedisUrl)("Redis cache store when Redis is unreachable", () => {
  it("rejects commands instead of hanging or crashing", async () => {
    const store = new RedisCacheStore("redis://127.0.0.1:9", "farm-test:");
    await expect(store.ping()).rejects.toThrow();
    await store.close();
  });
});
