import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { randomAccount, signIn, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("platform endpoints on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { BODY_LIMIT_BYTES: "65536" } });
  });
  afterAll(() => t.close());

  it("reports each dependency in /api/health", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(reply.statusCode).toBe(200);
    // The test RPC URL points at a closed port, so the chain part is down and the whole is degraded.
    expect(reply.json()).toMatchObject({
      status: "degraded",
      db: "up",
      cache: "up",
      storage: "up",
      chain: { chainId: 31337, head: null, indexed: null },
    });
  });

  it("answers /api/health/ready with 503 naming the chain, whose RPC is unreachable here", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(reply.statusCode).toBe(503);
    expect(reply.json().error).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { down: ["chain"] } });
  });

  it("serves the public configuration the apps need", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:9",
      contracts: null,
      devWallet: true,
      confirmations: 0,
      rupiahPerGold: "16000",
      rupiahRateSource: "Bank Indonesia JISDOR",
      rupiahRateDate: "2026-11-02",
      market: null,
    });
  });

  it("serves an OpenAPI document covering the platform routes, and Swagger UI", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/health",
      "/api/health/ready",
      "/api/config",
      "/api/auth/nonce",
      "/api/auth/verify",
      "/api/auth/session",
      "/api/auth/logout",
      "/api/farmers/register",
      "/api/farmers/me",
      "/api/farmers/{id}/documents/{kind}",
      "/api/admin/farmers",
      "/api/admin/farmers/{id}/approve",
      "/api/admin/farmers/{id}/reject",
      "/api/user/profile",
      "/api/market",
      "/api/market/orders",
      "/api/market/orders/mine",
      "/api/market/orders/{signer}/{nonce}",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths["/api/auth/verify"].post.requestBody.content["application/json"].schema).toBeDefined();
    // Every operation has its own operationId, as client generators need.
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
      (operations) => Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((id) => typeof id !== "string")).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/invoices/{tokenId}/evidence"].get.operationId).toBe(
      "getInvoicesByTokenIdEvidence",
    );
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("answers an unknown route with 404 in the error format", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({
      error: {
        code: "NOT_FOUND",
        message: "No route GET /api/no-such-thing",
        requestId: reply.headers["x-request-id"],
      },
    });
    expect(reply.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers malformed JSON with 400 MALFORMED_JSON and no stack trace", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "content-type": "application/json" },
      payload: '{"message": ',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      error: {
        code: "MALFORMED_JSON",
        message: "The body is not valid JSON",
        requestId: reply.headers["x-request-id"],
      },
    });
  });

  it("answers a body of the wrong content type with 415", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers a body over the limit with 413", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ message: "x".repeat(100_000), signature: "0x00" }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers a schema violation with 400 VALIDATION_FAILED listing the fields", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: { message: 5 } });
    expect(reply.statusCode).toBe(400);
    expect(
      reply
        .json()
        .error.details.issues.map((i: { path: string[] }) => i.path[0])
        .sort(),
    ).toEqual(["message", "signature"]);
  });
});

describe.each(testBackends)("rate limits on $name", ({ kind }) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      env: { RATE_LIMIT_AUTH_PER_MINUTE: "10", RATE_LIMIT_GENERAL_PER_MINUTE: "20" },
    });
    // A second instance sharing the cache store, as two replicas share Redis.
    second = await buildApp(t.config, { cache: t.cache, storage: t.storage, contracts: null });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const hit = (app: FastifyInstance, url: string, ip: string) =>
    app.inject({ method: "GET", url, remoteAddress: ip });

  it("allows 10 sign-in requests a minute per IP, then 429 with Retry-After, counted across instances", async () => {
    const ip = "203.0.113.10";
    for (let i = 0; i < 10; i++) {
      const reply = await hit(i % 2 === 0 ? t.app : second, "/api/auth/nonce", ip);
      expect(reply.statusCode).toBe(200);
    }
    const limited = await hit(second, "/api/auth/nonce", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await hit(t.app, "/api/auth/nonce", "203.0.113.11")).statusCode).toBe(200);
  });

  it("counts session reads and logouts against the general limit, not the sign-in budget", async () => {
    const ip = "203.0.113.15";
    const cookie = await signIn(t.app, randomAccount());
    for (let i = 0; i < 15; i++) {
      const reply = await t.app.inject({
        method: "GET",
        url: "/api/auth/session",
        headers: { cookie },
        remoteAddress: ip,
      });
      expect(reply.statusCode).toBe(200);
    }
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie },
      remoteAddress: ip,
    });
    expect(logout.statusCode).toBe(204);
    for (let i = 0; i < 10; i++) expect((await hit(t.app, "/api/auth/nonce", ip)).statusCode).toBe(200);
    expect((await hit(t.app, "/api/auth/nonce", ip)).statusCode).toBe(429);
  });

  it("limits registration on its own 10-a-minute budget", async () => {
    const ip = "203.0.113.20";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await t.app.inject({ method: "POST", url: "/api/farmers/register", remoteAddress: ip })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("applies the general limit elsewhere and never limits /api/health nor readiness", async () => {
    const ip = "203.0.113.30";
    for (let i = 0; i < 20; i++) expect((await hit(t.app, "/api/config", ip)).statusCode).toBe(200);
    expect((await hit(t.app, "/api/config", ip)).statusCode).toBe(429);
    for (let i = 0; i < 25; i++) expect((await hit(t.app, "/api/health", ip)).statusCode).not.toBe(429);
    // A load balancer probing from one address must not take the instance out for a 429 (503 here: no RPC node).
    for (let i = 0; i < 25; i++) expect((await hit(t.app, "/api/health/ready", ip)).statusCode).toBe(503);
  });

  it("keeps working when a signed-in wallet's budget is separate from another IP's", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const reply = await t.app.inject({
      method: "GET",
      url: "/api/user/profile",
      headers: { cookie },
      remoteAddress: "203.0.113.40",
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe("when the database goes down", () => {
  it("answers /api/health with 503 and data routes with 503 SERVICE_UNAVAILABLE (PGlite)", async () => {
    const t = await startTestApp();
    const cookie = await signIn(t.app, randomAccount());
    await (t.app.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "down", db: "down" });
    const me = await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } });
    expect(me.statusCode).toBe(503);
    expect(me.json().error.code).toBe("SERVICE_UNAVAILABLE");
    await t.close();
  });

  it.runIf(testBackends.some((b) => b.kind === "services"))(
    "answers /api/health with 503 when PostgreSQL drops the database",
    async () => {
      const t = await startTestApp({ kind: "services" });
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = new URL(t.config.databaseUrl!).pathname.slice(1);
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json().db).toBe("down");
      await t.close();
    },
  );
});
