import { randomBytes } from "node:crypto";
import { testRedisUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CacheStore, MemoryCacheStore, RedisCacheStore } from "../src/adapters/cache";
import { fillCached, forgetCached } from "../src/adapters/cache/forgettable";

/**
 * A fill that read the rows before a write, racing that write's forget: whichever way the two interleave, no value
 * built from the old rows stays cached. The "database" is a variable the write changes; `build` reads it and then
 * lets the write commit and forget before the fill stores what it read.
 */
const stores: { name: string; create: () => CacheStore; enabled: boolean }[] = [
  { name: "memory", create: () => new MemoryCacheStore(), enabled: true },
  {
    name: "Redis",
    create: () => new RedisCacheStore(testRedisUrl ?? "", `forgettable-${randomBytes(4).toString("hex")}:`),
    enabled: Boolean(testRedisUrl),
  },
];

describe.each(stores)("a cached value writes make stale, in the $name store", ({ create, enabled }) => {
  let cache: CacheStore;
  beforeAll(() => {
    if (enabled) cache = create();
  });
  afterAll(() => cache?.close());
  const key = () => `profile:${randomBytes(6).toString("hex")}`;

  it.runIf(enabled)("keeps nothing a fill read before a write that forgot it meanwhile", async () => {
    const k = key();
    let xp = 100;
    const read = await fillCached(cache, k, 60_000, async () => {
      const seen = String(xp);
      // The write commits and forgets after this fill read the rows, before it stores them.
      xp = 150;
      await forgetCached(cache, k);
      return { value: seen, text: seen };
    });
    expect(read).toBe("100");
    expect(await cache.get(k)).toBeNull();
    // The next read fills from the new rows and keeps them.
    await fillCached(cache, k, 60_000, async () => ({ value: String(xp), text: String(xp) }));
    expect(await cache.get(k)).toBe("150");
  });

  it.runIf(enabled)(
    "keeps a fill with no forget meanwhile, for its lifetime or the one build chose",
    async () => {
      const k = key();
      await forgetCached(cache, k);
      expect(await fillCached(cache, k, 60_000, async () => ({ value: 1, text: "one" }))).toBe(1);
      expect(await cache.get(k)).toBe("one");
      const short = key();
      await fillCached(cache, short, 60_000, async () => ({ value: 2, text: "two", ttlMs: 50 }));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await cache.get(short)).toBeNull();
    },
  );

  it.runIf(enabled)("drops the value a forget finds, after a fill stored it", async () => {
    const k = key();
    await fillCached(cache, k, 60_000, async () => ({ value: "old", text: "old" }));
    await forgetCached(cache, k);
    expect(await cache.get(k)).toBeNull();
  });
});
