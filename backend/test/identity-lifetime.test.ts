import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import {
  IdentityService,
  identityLifetimeMs,
  identityTtlMs,
  investorIdentityTtlMs,
} from "../src/services/auth/identity";
import { randomAccount, registerFarmer, signIn, withAdminApp } from "./helpers";

// An identity that can only withhold a role lives five minutes; one that holds a role 30 s (a revocation or a
// suspension a missed drop would otherwise keep alive).
describe("identity lifetimes", () => {
  let t: Parameters<Parameters<typeof withAdminApp>[1]>[0];
  let admin: Address;
  let adminCookie: string;
  withAdminApp("embedded", (app, cookie, account) => {
    t = app;
    adminCookie = cookie;
    admin = account.address;
  });

  /** An identity service of its own over the app's database, with a cache whose clock the test moves. */
  const service = (clock: { now: number }, adminAddresses: string[] = []) => {
    const cache = new MemoryCacheStore(() => clock.now);
    const identity = new IdentityService({
      db: t.app.db,
      cache,
      admins: { adminAddresses, chain: undefined },
      log: t.app.log,
    });
    return { identity, close: () => cache.close() };
  };

  it("keeps a plain investor's identity five minutes and a farmer's or an admin's 30 s", () => {
    expect(identityLifetimeMs({ roles: ["investor"], farmer: null })).toBe(investorIdentityTtlMs);
    expect(investorIdentityTtlMs).toBe(300_000);
    const farmer = { id: "f", status: "pending_review" as const, businessName: "Tani" };
    expect(identityLifetimeMs({ roles: ["investor", "farmer"], farmer })).toBe(identityTtlMs);
    expect(identityLifetimeMs({ roles: ["investor", "admin"], farmer: null })).toBe(identityTtlMs);
    expect(identityTtlMs).toBe(30_000);
  });

  it("serves a plain investor's cached identity past 30 s, refills it after five minutes, then keeps a farmer's 30 s", async () => {
    const account = randomAccount();
    const clock = { now: Date.now() };
    const { identity, close } = service(clock);
    try {
      expect((await identity.get(account.address)).roles).toEqual(["investor"]);
      // Registered through the app, whose drop reaches the app's cache, not this service's: only the lifetime ends it.
      const farmerId = await registerFarmer(t.app, await signIn(t.app, account));
      clock.now += 31_000;
      expect((await identity.get(account.address)).farmer).toBeNull();
      clock.now += investorIdentityTtlMs;
      const refilled = await identity.get(account.address);
      expect(refilled.roles).toEqual(["investor", "farmer"]);
      expect(refilled.farmer?.status).toBe("pending_review");
      // Approved through the app (again unseen by this cache): a farmer's identity shows it once its 30 s have passed.
      const approved = await t.app.inject({
        method: "POST",
        url: `/api/admin/farmers/${farmerId}/approve`,
        headers: { cookie: adminCookie },
      });
      expect(approved.statusCode).toBe(200);
      clock.now += 29_000;
      expect((await identity.get(account.address)).farmer?.status).toBe("pending_review");
      clock.now += 2_000;
      expect((await identity.get(account.address)).farmer?.status).toBe("approved");
    } finally {
      await close();
    }
  });

  it("applies ADMIN_ADDRESSES, added or removed, to an identity another configuration cached", async () => {
    const clock = { now: Date.now() };
    const cache = new MemoryCacheStore(() => clock.now);
    const log = t.app.log;
    const before = new IdentityService({
      db: t.app.db,
      cache,
      admins: { adminAddresses: [], chain: undefined },
      log,
    });
    const after = new IdentityService({
      db: t.app.db,
      cache,
      admins: { adminAddresses: [admin.toLowerCase()], chain: undefined },
      log,
    });
    try {
      expect((await before.get(admin)).roles).toEqual(["investor"]);
      expect((await after.get(admin)).roles).toEqual(["investor", "admin"]);
      // The cached text is still the plain investor's: the configured role is applied per read, not stored.
      expect((await before.get(admin)).roles).toEqual(["investor"]);
      // Filled under the configuration that lists it, then read under one that does not: no admin role was cached.
      const other = randomAccount().address;
      const listed = new IdentityService({
        db: t.app.db,
        cache,
        admins: { adminAddresses: [other.toLowerCase()], chain: undefined },
        log,
      });
      expect((await listed.get(other)).roles).toEqual(["investor", "admin"]);
      expect((await before.get(other)).roles).toEqual(["investor"]);
    } finally {
      await cache.close();
    }
  });
});
