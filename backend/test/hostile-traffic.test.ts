import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { farmers } from "../src/db/schema";
import { multipartBody, productionEnv, registrationProfile, validDocuments } from "./fixtures";
import { randomAccount, signIn, signSiweMessage, startTestApp, type TestApp, testOrigin } from "./helpers";

const production = productionEnv;

describe("hostile traffic", { timeout: 60_000 }, () => {
  let t: TestApp | undefined;
  let shared: TestApp;
  beforeAll(async () => {
    shared = await startTestApp();
  });
  afterAll(async () => shared?.close());
  afterEach(async () => {
    if (t !== shared) await t?.close();
    t = undefined;
  });

  describe("requests from other origins", () => {
    it("refuses a same-site cross-origin multipart registration (another port of the same host) and creates nothing", async () => {
      t = shared;
      const victim = randomAccount();
      const cookie = await signIn(t.app, victim);
      const form = () => multipartBody({ profile: JSON.stringify(registrationProfile()) }, validDocuments());
      // What a page on http://localhost:5175 sends with fetch(..., {mode: "no-cors", credentials: "include"}).
      const forged = form();
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: forged.payload,
        headers: {
          ...forged.headers,
          cookie,
          origin: "http://localhost:5175",
          "sec-fetch-site": "same-site",
        },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
      // A browser that sends only Sec-Fetch-Site is refused the same way.
      const siteOnly = form();
      const alsoRefused = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: siteOnly.payload,
        headers: { ...siteOnly.headers, cookie, "sec-fetch-site": "same-site" },
      });
      expect(alsoRefused.statusCode).toBe(403);
      const [rows] = await t.app.db
        .select({ n: count() })
        .from(farmers)
        .where(eq(farmers.walletAddress, victim.address));
      expect(rows?.n).toBe(0);

      const genuine = form();
      const accepted = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: genuine.payload,
        headers: { ...genuine.headers, cookie, origin: testOrigin, "sec-fetch-site": "same-origin" },
      });
      expect(accepted.statusCode).toBe(201);
    });

    it("refuses a logout with a foreign Origin and keeps the session", async () => {
      t = shared;
      const cookie = await signIn(t.app, randomAccount());
      const logout = (origin: string) =>
        t!.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie, origin } });
      expect((await logout("https://evil.example")).statusCode).toBe(403);
      expect((await logout("null")).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).statusCode,
      ).toBe(200);
      expect((await logout(testOrigin)).statusCode).toBe(204);
    });
  });

  describe("rate limits", () => {
    it("counts signed-in requests per wallet, so two wallets behind one address have a budget each, and sends Retry-After", async () => {
      t = await startTestApp({
        env: { RATE_LIMIT_GENERAL_PER_MINUTE: "5", RATE_LIMIT_AUTH_PER_MINUTE: "100" },
      });
      const first = await signIn(t.app, randomAccount());
      const second = await signIn(t.app, randomAccount());
      const profile = (cookie: string) =>
        t!.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
      for (let n = 0; n < 5; n += 1) expect((await profile(first)).statusCode).toBe(200);
      const limited = await profile(first);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await profile(second)).statusCode).toBe(200);
      // An unknown session counts on the client address, not on a bucket of its own.
      const forged = (n: number) =>
        t!.app.inject({ method: "GET", url: "/api/stats", headers: { cookie: `farm_session=forged-${n}` } });
      const answers = [];
      for (let n = 0; n < 6; n += 1) answers.push((await forged(n)).statusCode);
      expect(answers.at(-1)).toBe(429);
    });

    it("trusts exactly TRUST_PROXY_HOPS proxies: a spoofed X-Forwarded-For does not buy new sign-in attempts", async () => {
      t = await startTestApp({ env: { TRUST_PROXY_HOPS: "1", RATE_LIMIT_AUTH_PER_MINUTE: "3" } });
      const nonce = (spoofed: string, client: string) =>
        t!.app.inject({
          method: "GET",
          url: "/api/auth/nonce",
          headers: { "x-forwarded-for": `${spoofed}, ${client}` },
        });
      const statuses = [];
      for (let n = 0; n < 5; n += 1) statuses.push((await nonce(`10.9.8.${n}`, "203.0.113.7")).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another client behind the same proxy has its own budget.
      expect((await nonce("10.9.8.1", "203.0.113.8")).statusCode).toBe(200);
      const limited = await nonce("1.1.1.1", "203.0.113.7");
      expect(limited.headers["retry-after"]).toBeDefined();
    });
  });

  describe("bad input", () => {
    it("answers 400, never 500, for NUL bytes in JSON, multipart profiles and query strings, and for crafted cursors", async () => {
      t = shared;
      const cookie = await signIn(t.app, randomAccount());
      const profile = registrationProfile({ fullName: "Siti\u0000Rahayu" });
      const form = multipartBody({ profile: JSON.stringify(profile) }, validDocuments());
      const registered = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
      expect(registered.statusCode).toBe(400);
      const named = await t.app.inject({
        method: "PATCH",
        url: "/api/user/profile",
        payload: { displayName: "bad\u0000name" },
        headers: { cookie },
      });
      expect(named.statusCode).toBe(400);
      expect(named.json()).toMatchObject({ error: { message: "Text may not contain NUL characters" } });
      const query = await t.app.inject({
        method: "GET",
        url: "/api/invoices?farmer=%00",
        headers: { cookie },
      });
      expect(query.statusCode).toBe(400);
      const crafted = [
        Buffer.from(JSON.stringify({ at: "1", id: "x" })).toString("base64url"),
        Buffer.from(JSON.stringify({ at: "2024-01-01T00:00:00Z", id: "a\u0000b" })).toString("base64url"),
        Buffer.from(JSON.stringify({ at: "99999-01-01T00:00:00Z", id: "x" })).toString("base64url"),
        "not-base64-json",
      ];
      for (const cursor of crafted) {
        const reply = await t.app.inject({
          method: "GET",
          url: `/api/user/activity?cursor=${encodeURIComponent(cursor)}`,
          headers: { cookie },
        });
        expect(reply.statusCode, cursor).toBe(400);
      }
      const invoices = await t.app.inject({ method: "GET", url: "/api/invoices?cursor=%F0%9F%8C%BE" });
      expect(invoices.statusCode).toBe(400);
    });

    it("refuses SIWE messages issued in the future or before their nonce", async () => {
      t = shared;
      const account = randomAccount();
      const nonce = async () =>
        (await t!.app.inject({ method: "GET", url: "/api/auth/nonce" })).json().nonce as string;
      const verify = async (issuedAt: Date) =>
        t!.app.inject({
          method: "POST",
          url: "/api/auth/verify",
          payload: await signSiweMessage(account, await nonce(), { issuedAt }),
        });
      const future = await verify(new Date(Date.now() + 10 * 60_000));
      expect(future.statusCode).toBe(401);
      expect(future.json()).toMatchObject({ error: { code: "SIWE_ISSUED_IN_FUTURE" } });
      const stale = await verify(new Date(Date.now() - 10 * 60_000));
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ error: { code: "SIWE_ISSUED_BEFORE_NONCE" } });
      expect((await verify(new Date())).statusCode).toBe(200);
    });

    it("serves no API docs in production unless API_DOCS=true", async () => {
      expect(loadConfig(production).resilience.apiDocs).toBe(false);
      expect(loadConfig({ ...production, API_DOCS: "true" }).resilience.apiDocs).toBe(true);
      t = await startTestApp({ env: { API_DOCS: "false" } });
      for (const url of ["/api/docs", "/api/openapi.json"])
        expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
      expect((await shared.app.inject({ method: "GET", url: "/api/openapi.json" })).statusCode).toBe(200);
    });
  });
});
