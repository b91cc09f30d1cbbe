import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { anvilKeys, startTcpProxy, type TcpProxy, testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisCacheStore } from "../src/adapters/cache";
import { LocalObjectStorage } from "../src/adapters/storage";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { invoices } from "../src/db/schema";
import { signInFarmer } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import { createTestDatabase, type TestApp } from "./helpers";

const services = testDatabaseUrl && testRedisUrl;

/** Each line pino wrote, parsed. */
function captureLogs() {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  let rest = "";
  stream.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString("utf8");
    const parts = text.split("\n");
    rest = parts.pop() ?? "";
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  return { stream, lines };
}

const hostOf = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
};

/** Calls `probe` every 25 ms until it answers `status`; resolves to the milliseconds that took. */
async function millisUntil(probe: () => Promise<{ statusCode: number }>, status: number, limitMs = 5_000) {
  const started = Date.now();
  for (;;) {
    if ((await probe()).statusCode === status) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`no ${status} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!services)(
  "dependency outages through a TCP proxy (PostgreSQL + Redis + anvil)",
  { timeout: 120_000 },
  () => {
    let farm: FarmChain;
    let pgProxy: TcpProxy;
    let redisProxy: TcpProxy;
    let rpcProxy: TcpProxy;
    let app: FastifyInstance;
    let cache: RedisCacheStore;
    let dropDatabase: () => Promise<void>;
    let farmerCookie: string;
    const logs = captureLogs();

    beforeAll(async () => {
      farm = await startFarmChain();
      const database = await createTestDatabase();
      dropDatabase = database.drop;
      pgProxy = await startTcpProxy(hostOf(database.url));
      redisProxy = await startTcpProxy(hostOf(testRedisUrl!));
      rpcProxy = await startTcpProxy(hostOf(farm.anvil.rpcUrl));
      cache = new RedisCacheStore(
        redisProxy.rewrite(testRedisUrl!),
        `farm-test:${randomBytes(6).toString("hex")}:`,
        { commandTimeoutMs: 500, reconnectEveryMs: 100 },
      );
      const config = loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        REQUEST_LOGGING: "false",
        DATABASE_URL: pgProxy.rewrite(database.url),
        DB_CONNECT_TIMEOUT_MS: "300",
        RPC_URL: rpcProxy.rewrite(farm.anvil.rpcUrl),
        RPC_TIMEOUT_MS: "500",
        CHAIN_ID: String(farm.anvil.chainId),
        OPERATOR_PRIVATE_KEY: anvilKeys[1],
        INDEXER_ENABLED: "false",
        STORAGE_DIR: `/tmp/farm-outages-${randomBytes(4).toString("hex")}`,
        RATE_LIMIT_AUTH_PER_MINUTE: "1000",
        RATE_LIMIT_GENERAL_PER_MINUTE: "100000",
      });
      const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
      app = await buildApp(config, {
        cache,
        storage: new LocalObjectStorage(config.storageDir),
        contracts: { goldToken, goldFaucet, farmNft, farmVault },
        logStream: logs.stream,
      });
      await app.ready();
      const testApp = { app } as TestApp;
      ({ cookie: farmerCookie } = await signInFarmer(testApp, privateKeyToAccount(anvilKeys[2])));
    }, 180_000);

    afterAll(async () => {
      await app?.close();
      await cache?.close();
      await Promise.all([pgProxy?.close(), redisProxy?.close(), rpcProxy?.close()]);
      await dropDatabase?.();
      await farm?.stop();
    });

    const listInvoices = () => app.inject({ method: "GET", url: "/api/invoices" });
    const session = () =>
      app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: farmerCookie } });
    // Its cached answer comes in the rate-limit hook's one cache call (decision 0030): that call's failure too is a 503.
    const profile = () =>
      app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie: farmerCookie } });
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    };
    const outageLines = (dependency: string) =>
      logs.lines.filter((line) => line.dependency === dependency && String(line.msg).includes("unavailable"));
    const recoveryLines = (dependency: string) =>
      logs.lines.filter(
        (line) => line.dependency === dependency && String(line.msg).includes("available again"),
      );

    for (const mode of ["refuse", "blackhole"] as const) {
      it(`answers 503 within a second while PostgreSQL is away (${mode}), logs the outage once with a count, and recovers within 2 s`, async () => {
        expect((await listInvoices()).statusCode).toBe(200);
        const before = outageLines("database").length;
        pgProxy.set(mode);
        const replies = await Promise.all(Array.from({ length: 20 }, () => timed(listInvoices)));
        for (const { result, ms } of replies) {
          expect(result.statusCode).toBe(503);
          expect(result.json()).toMatchObject({
            error: { code: "SERVICE_UNAVAILABLE", details: { dependency: "database" } },
          });
          expect(result.headers["retry-after"]).toBe("1");
          expect(ms).toBeLessThan(1_000);
        }
        expect(outageLines("database").length).toBe(before + 1);
        pgProxy.set("up");
        expect(await millisUntil(listInvoices, 200)).toBeLessThan(2_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const recovered = recoveryLines("database").at(-1);
        expect(recovered?.failures).toBeGreaterThanOrEqual(20);
        // Not a line per failed request: the outage's start and its end.
        expect(logs.lines.filter((line) => line.level === 50).length).toBe(outageLines("database").length);
      });
    }

    it("fails fast without Redis: signed-in routes answer 503, public reads go on (rate limits counted locally), and it recovers within 2 s", async () => {
      expect((await session()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);
      redisProxy.set("refuse");
      const signedIn = await Promise.all(
        Array.from({ length: 10 }, (_, i) => timed(i % 2 ? profile : session)),
      );
      for (const { result, ms } of signedIn) {
        expect(result.statusCode).toBe(503);
        expect(result.json()).toMatchObject({ error: { details: { dependency: "cache" } } });
        expect(ms).toBeLessThan(1_000);
      }
      const publicRead = await timed(listInvoices);
      expect(publicRead.result.statusCode).toBe(200);
      expect(publicRead.ms).toBeLessThan(1_000);
      expect(outageLines("cache")).toHaveLength(1);
      redisProxy.set("up");
      expect(await millisUntil(session, 200)).toBeLessThan(2_000);
      expect((await profile()).statusCode).toBe(200);
    });

    it("answers 503 for a submission while the RPC is away, leaves no row, and submits once it is back", async () => {
      const invoice = invoiceRequest("RPC-DOWN-1", { description: "rice" });
      const submit = () => {
        const form = invoiceForm(invoice);
        return app.inject({
          method: "POST",
          url: "/api/invoices",
          payload: form.payload,
          headers: { cookie: farmerCookie, ...form.headers, "idempotency-key": "rpc-down-key-1" },
        });
      };
      rpcProxy.set("refuse");
      const down = await timed(submit);
      expect(down.result.statusCode).toBe(503);
      expect(down.result.json()).toMatchObject({ error: { details: { dependency: "chain" } } });
      expect(down.ms).toBeLessThan(1_000);
      const [left] = await app.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, "RPC-DOWN-1"));
      expect(left?.n).toBe(0);
      rpcProxy.set("up");
      expect(await millisUntil(submit, 201)).toBeLessThan(2_000);
      expect(outageLines("chain")).toHaveLength(1);
    });
  },
);
