import { afterEach, describe, expect, it, vi } from "vitest";
import type { Executor } from "../src/adapters/db/database";
import { sharedKeyedReading } from "../src/services/disclosures/shared-reading";

const db = {} as Executor;
const now = new Date("2027-06-01T00:00:00Z");

describe("sharedKeyedReading", () => {
  afterEach(() => vi.useRealTimers());

  it("shares each key's reading for 10 s, reads again after, and keeps no failed reading", async () => {
    vi.useFakeTimers({ now: 0 });
    const reads: number[] = [];
    const cached = sharedKeyedReading(async (_db: Executor, key: number) => {
      reads.push(key);
      if (key === 0) throw new Error("no such invoice");
      return `sheet ${key}`;
    });
    expect(await cached(db, 1, now)).toBe("sheet 1");
    expect(await cached(db, 1, now)).toBe("sheet 1");
    expect(await cached(db, 2, now)).toBe("sheet 2");
    expect(reads).toEqual([1, 2]);
    await expect(cached(db, 0, now)).rejects.toThrow("no such invoice");
    await expect(cached(db, 0, now)).rejects.toThrow("no such invoice");
    expect(reads).toEqual([1, 2, 0, 0]);
    vi.setSystemTime(10_000);
    expect(await cached(db, 1, now)).toBe("sheet 1");
    expect(reads).toEqual([1, 2, 0, 0, 1]);
  });
});
