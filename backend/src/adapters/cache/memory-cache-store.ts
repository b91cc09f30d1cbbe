import type { CacheStore, LinkedRead } from "./cache-store";

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process store for one instance; expired keys are dropped lazily on read and by a periodic sweep. */
export class MemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, {
      value,
      expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlMs,
    });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key) !== undefined) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const entry = this.live(key);
    if (entry === undefined) {
      this.entries.set(key, { value: "1", expiresAt: this.now() + ttlMs });
      return { count: 1, ttlMs };
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, ttlMs: entry.expiresAt - this.now() };
  }

  async incrementAndReadLinked(
    counterKey: string,
    ttlMs: number,
    key: string,
    { prefixes, walletCounterPrefix }: { prefixes: readonly string[]; walletCounterPrefix?: string },
  ): Promise<LinkedRead> {
    const value = this.live(key)?.value ?? null;
    let address: string | undefined;
    if (value !== null) {
      try {
        const named = (JSON.parse(value) as { address?: unknown }).address;
        if (typeof named === "string") address = named.toLowerCase();
      } catch {
        // Not JSON: nothing linked.
      }
    }
    const counter =
      address !== undefined && walletCounterPrefix ? `${walletCounterPrefix}${address}` : counterKey;
    const counted = await this.increment(counter, ttlMs);
    const linked = prefixes.map((prefix) =>
      address === undefined ? null : (this.live(`${prefix}${address}`)?.value ?? null),
    );
    return { ...counted, value, linked };
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async incrementAndDelete(pairs: readonly { counter: string; key: string }[], ttlMs: number): Promise<void> {
    for (const { counter, key } of pairs) {
      await this.increment(counter, ttlMs);
      await this.delete(key);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
