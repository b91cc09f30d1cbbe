import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("answers 401 without a session", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/user/profile" });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.any(String) } });
  });
});
