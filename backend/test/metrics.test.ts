import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingErrors, createFarmMetrics } from "../src/metrics/farm-metrics";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

const token = "metrics-token-for-tests-0123456789";

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const reply = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers["content-type"]).toContain("text/plain");
  return reply.body;
}

describe.each(testBackends)("GET /metrics on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it("is refused without the token", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(reply.statusCode).toBe(401);
    expect(reply.headers["www-authenticate"]).toContain("Bearer");
    // The one error body, with the request's id (it once came in Fastify's own format, without one).
    expect(reply.json()).toEqual({
      error: {
        code: "UNAUTHENTICATED",
        message: "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>",
        requestId: reply.headers["x-request-id"],
      },
    });
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer nope" },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("counts requests by route and status, times them, and counts waterings per group commit", async () => {
    const before = await scrape(t);
    const healthBefore = sample(before, "farm_http_requests_total", {
      method: "GET",
      route: "/api/health",
      status: "200",
    });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/invoices/not-a-number" });
    const { address, cookie } = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: address });
    const watered = await t.app.inject({
      method: "POST",
      url: "/api/game/water",
      payload: { cropId: crop.cropId },
      headers: { cookie },
    });
    expect(watered.statusCode).toBe(200);

    const after = await scrape(t);
    const labels = { method: "GET", route: "/api/health", status: "200" };
    expect(sample(after, "farm_http_requests_total", labels)).toBe((healthBefore ?? 0) + 3);
    expect(sample(after, "farm_http_request_duration_seconds_count", labels)).toBe((healthBefore ?? 0) + 3);
    expect(
      sample(after, "farm_http_requests_total", { route: "/api/invoices/:tokenId", status: "400" }),
    ).toBe(1);
    expect(sample(after, "farm_http_requests_total", { route: "/api/game/water", status: "200" })).toBe(1);
    expect(sample(after, "farm_game_waterings_per_commit_count")).toBe(1);
    expect(sample(after, "farm_game_waterings_per_commit_sum")).toBe(1);
    if (kind === "services") {
      expect(sample(after, "farm_db_pool_max_connections")).toBe(t.config.dbPoolSize);
      expect(sample(after, "farm_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
      expect(sample(after, "farm_db_pool_connections", { state: "waiting" })).toBe(0);
    }
  });
});

describe("metrics switches", () => {
  it("are absent when switched off and open in development without a token", async () => {
    const off = await startTestApp({ env: { METRICS_ENABLED: "false" } });
    try {
      expect((await off.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
      expect((await off.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      // Nothing can read them, so no request is timed or counted.
      expect((await off.app.metrics.httpRequests.get()).values).toEqual([]);
      expect((await off.app.metrics.httpDuration.get()).values).toEqual([]);
    } finally {
      await off.close();
    }
    const open = await startTestApp();
    try {
      expect((await open.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it("count failed cache and storage calls by operation and pass the error on", async () => {
    const metrics = createFarmMetrics();
    const failing = {
      async get(_key: string): Promise<string> {
        throw new Error("connection refused");
      },
      async set(_key: string): Promise<void> {},
    };
    const counted = countingErrors(failing, metrics.cacheErrors);
    await expect(counted.get("a")).rejects.toThrow("connection refused");
    await expect(counted.get("b")).rejects.toThrow("connection refused");
    await counted.set("c");
    const text = await metrics.registry.metrics();
    expect(sample(text, "farm_cache_errors_total", { operation: "get" })).toBe(2);
    expect(sample(text, "farm_cache_errors_total", { operation: "set" })).toBeUndefined();
  });
});

describe("indexer and operator metrics (anvil)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let t: TestApp;
  beforeAll(async () => {
    farm = await startFarmChain();
    t = await startChainApp(farm, "embedded", {
      METRICS_TOKEN: token,
      INDEXER_ENABLED: "true",
      INDEXER_POLL_INTERVAL_MS: "100",
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("show the head, the indexed block, the lag, events applied and the operator's transactions", async () => {
    const { cookie } = await signInFarmer(t, privateKeyToAccount(anvilKeys[2]));
    const form = invoiceForm(invoiceRequest("INV-METRICS-1"));
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, "idempotency-key": "metrics-invoice-1", ...form.headers },
      payload: form.payload,
    });
    expect(submitted.statusCode).toBe(201);
    const head = Number(await farm.publicClient.getBlockNumber());
    let text = "";
    for (let i = 0; i < 100; i++) {
      text = await scrape(t);
      if ((sample(text, "farm_indexer_indexed_block") ?? 0) >= head) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sample(text, "farm_indexer_indexed_block")).toBeGreaterThanOrEqual(head);
    expect(sample(text, "farm_indexer_head_block")).toBeGreaterThanOrEqual(head);
    expect(sample(text, "farm_indexer_lag_blocks")).toBe(
      (sample(text, "farm_indexer_head_block") ?? 0) - (sample(text, "farm_indexer_indexed_block") ?? 0),
    );
    // The deployment's and the submission's events, written by this instance's indexer.
    expect(sample(text, "farm_indexer_events_applied_total")).toBeGreaterThan(1);
    expect(sample(text, "farm_indexer_reorgs_total")).toBe(0);
    expect(sample(text, "farm_operator_nonce_wait_seconds_count")).toBe(1);
    expect(sample(text, "farm_operator_pending_transactions")).toBe(0);
    // What the operator paid for the submission: the receipt's gas at its effective price.
    const receipt = await farm.publicClient.getTransactionReceipt({ hash: submitted.json().txHash });
    const paid = Number(receipt.gasUsed * receipt.effectiveGasPrice) / 1e18;
    expect(paid).toBeGreaterThan(0);
    expect(sample(text, "farm_operator_spent_eth_total")).toBeCloseTo(paid, 12);
    expect(sample(text, "farm_operator_transactions_total", { outcome: "success" })).toBe(1);
  });
});
