import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAccount, signIn, signSiweMessage, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("auth on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  const nonce = async () =>
    (await t.app.inject({ method: "GET", url: "/api/auth/nonce" })).json().nonce as string;

  it("issues a fresh nonce each time", async () => {
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[0-9a-zA-Z]{8,}$/);
    expect(a).not.toBe(b);
  });

  it("signs a wallet in, sets an httpOnly SameSite=Lax cookie and reports the session", async () => {
    const account = randomAccount();
    const signed = await signSiweMessage(account, await nonce());
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ address: account.address, roles: ["investor"] });
    const cookie = reply.cookies.find((c) => c.name === "farm_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.maxAge).toBe(7 * 24 * 3600);
    const session = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `farm_session=${cookie?.value}` },
    });
    expect(session.json()).toEqual({ address: account.address, roles: ["investor"] });
  });

  it("refuses a replayed nonce", async () => {
    const account = randomAccount();
    const signed = await signSiweMessage(account, await nonce());
    const first = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe("SIWE_NONCE_INVALID");
  });

  it("refuses a nonce the server never issued", async () => {
    const signed = await signSiweMessage(randomAccount(), "abcdefgh12345678");
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("SIWE_NONCE_INVALID");
  });

  it("refuses a message made for another domain", async () => {
    const signed = await signSiweMessage(randomAccount(), await nonce(), {
      domain: "evil.example",
      uri: "https://evil.example",
    });
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("SIWE_DOMAIN_MISMATCH");
  });

  it("refuses a URI on another origin than the domain", async () => {
    const signed = await signSiweMessage(randomAccount(), await nonce(), {
      uri: "https://evil.example/login",
    });
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.json().error.code).toBe("SIWE_DOMAIN_MISMATCH");
  });

  it("refuses a message for another chain", async () => {
    const signed = await signSiweMessage(randomAccount(), await nonce(), { chainId: 1 });
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("SIWE_CHAIN_MISMATCH");
  });

  it("refuses an expired message", async () => {
    const signed = await signSiweMessage(randomAccount(), await nonce(), {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("SIWE_EXPIRED");
  });

  it("refuses a signature by another wallet", async () => {
    const signed = await signSiweMessage(randomAccount(), await nonce());
    const forged = await randomAccount().signMessage({ message: signed.message });
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      payload: { message: signed.message, signature: forged },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("SIWE_SIGNATURE_INVALID");
  });

  it("answers 400 to a message that is not EIP-4361", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      payload: { message: "hello", signature: "0x1234" },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe("SIWE_MESSAGE_INVALID");
  });

  it("answers 400 to a body without a signature", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: { message: "x" } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 401 to the session without a cookie or with an unknown one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/auth/session" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("UNAUTHENTICATED");
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: "farm_session=not-a-session" },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("logs out: 204, and the cookie no longer opens a session", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("answers 401 to logout without a session", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(reply.statusCode).toBe(401);
  });
});

describe("session cookie outside local development", () => {
  let t: TestApp;
  beforeAll(async () => {
    // COOKIE_SECURE is what production turns on by default (config.test.ts); a production start-up here would need
    // the whole production environment (S3, an RPC, the operator key), which this test is not about.
    t = await startTestApp({ env: { COOKIE_SECURE: "true", ENCRYPTION_KEY: "cd".repeat(32) } });
  });
  afterAll(() => t.close());

  it("is Secure as well as httpOnly and SameSite=Lax", async () => {
    const nonce = (await t.app.inject({ method: "GET", url: "/api/auth/nonce" })).json().nonce as string;
    const signed = await signSiweMessage(randomAccount(), nonce);
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
    const cookie = reply.cookies.find((c) => c.name === "farm_session");
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
  });
});
