import { describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import { consumeNonce, issueNonce, nonceTtlMs } from "../src/services/auth/nonces";
import { createSession, readSession, sessionIdleMs } from "../src/services/auth/sessions";

/** The in-memory store with a clock the test moves, so days pass instantly. */
function clockedStore() {
  let now = Date.UTC(2026, 0, 1);
  const store = new MemoryCacheStore(() => now);
  return {
    store,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

const day = 24 * 60 * 60 * 1000;

describe("sessions", () => {
  it("end after 7 days without use", async () => {
    const { store, advance, now } = clockedStore();
    const id = await createSession(store, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now());
    advance(sessionIdleMs + 1);
    expect(await readSession(store, id, now())).toBeNull();
    await store.close();
  });

  it("stay open while used, because each use pushes the idle timer back", async () => {
    const { store, advance, now } = clockedStore();
    const id = await createSession(store, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now());
    for (let week = 0; week < 4; week++) {
      advance(6 * day);
      const session = await readSession(store, id, now());
      expect(session).toEqual({ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", refreshed: true });
    }
    await store.close();
  });

  it("are not rewritten on every request, only once an hour", async () => {
    const { store, advance, now } = clockedStore();
    const id = await createSession(store, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now());
    advance(60_000);
    expect((await readSession(store, id, now()))?.refreshed).toBe(false);
    advance(60 * 60_000);
    expect((await readSession(store, id, now()))?.refreshed).toBe(true);
    await store.close();
  });

  it("use unguessable ids and refuse unknown or oversized ones", async () => {
    const { store, now } = clockedStore();
    const a = await createSession(store, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now());
    const b = await createSession(store, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", now());
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(await readSession(store, "x".repeat(43), now())).toBeNull();
    expect(await readSession(store, "x".repeat(500), now())).toBeNull();
    await store.close();
  });
});

describe("SIWE nonces", () => {
  it("expire after 5 minutes", async () => {
    const { store, advance } = clockedStore();
    const nonce = await issueNonce(store);
    advance(nonceTtlMs + 1);
    expect(await consumeNonce(store, nonce)).toBeNull();
    await store.close();
  });

  it("can be used once, even by racing sign-ins", async () => {
    const { store } = clockedStore();
    const nonce = await issueNonce(store);
    const results = await Promise.all(Array.from({ length: 5 }, () => consumeNonce(store, nonce)));
    expect(results.filter((issuedAt) => issuedAt !== null)).toHaveLength(1);
    await store.close();
  });
});
