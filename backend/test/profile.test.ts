import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileKey } from "../src/services/profile/profile-key";
import { multipartBody, registrationProfile, validDocuments } from "./fixtures";
import { randomAccount, signIn, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("user profile on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  it("returns the signed-in wallet's address, roles and no farmer record", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const reply = await t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ address: account.address, roles: ["investor"], farmer: null });
  });

  it("keeps the composed profile briefly and drops it when the wallet writes", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const get = () => t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
    expect((await get()).json().farmer).toBeNull();
    expect(await t.cache.get(profileKey(account.address))).not.toBeNull();
    const body = multipartBody({ profile: JSON.stringify(registrationProfile()) }, validDocuments());
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/farmers/register",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(registered.statusCode).toBe(201);
    const after = (await get()).json();
    expect(after.roles).toEqual(["investor", "farmer"]);
    expect(after.farmer).toMatchObject({ status: "pending_review", businessName: "Tani Makmur" });
  });

  it("serves the cached profile read in the request's first cache round trip, with no second cache read", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const get = () => t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
    const composed = (await get()).json();
    // The cached text, changed, is what comes back: the answer is the cache's, not a new composition.
    await t.cache.set(
      profileKey(account.address),
      JSON.stringify({ ...composed, displayName: "Dari Cache" }),
      60_000,
    );
    const cacheGet = t.cache.get;
    let gets = 0;
    t.cache.get = (key) => {
      gets += 1;
      return cacheGet.call(t.cache, key);
    };
    try {
      const cached = await get();
      expect(cached.statusCode).toBe(200);
      expect(cached.json()).toEqual({ ...composed, displayName: "Dari Cache" });
      expect(gets).toBe(0);
      // The linked key comes from the session's own address: another wallet gets its own profile.
      const other = randomAccount();
      const mine = await t.app.inject({
        method: "GET",
        url: "/api/user/profile",
        headers: { cookie: await signIn(t.app, other) },
      });
      expect(mine.json()).toMatchObject({ address: other.address, displayName: null });
    } finally {
      t.cache.get = cacheGet;
    }
  });

  it("answers 401 without a session", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/user/profile" });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      error: { code: "UNAUTHENTICATED", message: expect.any(String), requestId: expect.any(String) },
    });
  });
});
