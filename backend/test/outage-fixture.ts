import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { anvilKeys, startTcpProxy, type TcpProxy, testRedisUrl } from "@farm/testkit";
import type { FastifyInstance } from "fastify";
import { RedisCacheStore } from "../src/adapters/cache";
import { LocalObjectStorage } from "../src/adapters/storage";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { createTestDatabase } from "./helpers";

/** Each line pino wrote, parsed. */
export function captureLogs() {
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
export async function millisUntil(
  probe: () => Promise<{ statusCode: number }>,
  status: number,
  limitMs = 5_000,
) {
  const started = Date.now();
  for (;;) {
    if ((await probe()).statusCode === status) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`no ${status} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The API on a fresh PostgreSQL database, Redis and anvil, each behind a TCP proxy the test switches off and on. */
export interface OutageApp {
  app: FastifyInstance;
  farm: FarmChain;
  pgProxy: TcpProxy;
  redisProxy: TcpProxy;
  rpcProxy: TcpProxy;
  logs: ReturnType<typeof captureLogs>;
  close(): Promise<void>;
}

/** Starts an OutageApp (TEST_DATABASE_URL and TEST_REDIS_URL must be set); `env` adds to its configuration. */
export async function startOutageApp(env: Record<string, string> = {}): Promise<OutageApp> {
  const logs = captureLogs();
  const [farm, database] = await Promise.all([startFarmChain(), createTestDatabase()]);
  const [pgProxy, redisProxy, rpcProxy] = await Promise.all([
    startTcpProxy(hostOf(database.url)),
    startTcpProxy(hostOf(testRedisUrl!)),
    startTcpProxy(hostOf(farm.anvil.rpcUrl)),
  ]);
  const cache = new RedisCacheStore(
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
    ...env,
  });
  const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
  const app = await buildApp(config, {
    cache,
    storage: new LocalObjectStorage(config.storageDir),
    contracts: { goldToken, goldFaucet, farmNft, farmVault },
    logStream: logs.stream,
  });
  await app.ready();
  return {
    app,
    farm,
    pgProxy,
    redisProxy,
    rpcProxy,
    logs,
    async close() {
      await app.close();
      await cache.close();
      await Promise.all([pgProxy.close(), redisProxy.close(), rpcProxy.close()]);
      await database.drop();
      await farm.stop();
      await rm(config.storageDir, { recursive: true, force: true });
    },
  };
}
