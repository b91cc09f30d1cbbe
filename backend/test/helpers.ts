import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { signSiwe, testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll } from "vitest";
import { type CacheStore, MemoryCacheStore, RedisCacheStore } from "../src/adapters/cache";
import { LocalObjectStorage, type ObjectStorage, S3ObjectStorage } from "../src/adapters/storage";
import { buildApp } from "../src/app";
import { type AppConfig, loadConfig, type S3Config } from "../src/config";
import type { ContractAddresses } from "../src/deployment";
import { multipartBody, registrationProfile, validDocuments } from "./fixtures";
import { pgliteTemplate } from "./pglite-template";
import { startS3rver } from "./s3rver";

/** The app origin the test SIWE messages are made for (one of the default SIWE_ALLOWED_ORIGINS). */
export const testOrigin = "http://localhost:5173";

export type BackendKind = "embedded" | "services";

/**
 * The configurations every endpoint suite runs against: embedded (PGlite, in-memory cache, local folder) always,
 * and real services (PostgreSQL, Redis, S3 via s3rver) when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
export const testBackends: { name: string; kind: BackendKind }[] = [
  { name: "PGlite + memory cache + local storage", kind: "embedded" },
  ...(testDatabaseUrl && testRedisUrl
    ? [{ name: "PostgreSQL + Redis + S3", kind: "services" as const }]
    : []),
];

/** Creates a fresh, uniquely named database on the test PostgreSQL server; `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `farm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  kind?: BackendKind;
  /** Environment variables on top of the test defaults (loadConfig reads them). */
  env?: Record<string, string>;
  contracts?: ContractAddresses | null;
  logStream?: NodeJS.WritableStream;
  /** Only for the test of the contract check itself: close without failing on answers outside the contract. */
  allowContractViolations?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  cache: CacheStore;
  storage: ObjectStorage;
  /** Every object key currently in the storage, to prove nothing was left behind. */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Builds the app against a temporary database (in-memory PGlite, or a fresh PostgreSQL database), a private cache
 * namespace and a temporary storage, ready for `app.inject`. `close` removes all of it.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = options.kind ?? "embedded";
  const cleanups: (() => Promise<void>)[] = [];
  const storageDir = await mkdtemp(join(tmpdir(), "farm-storage-"));
  cleanups.push(() => rm(storageDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let cache: CacheStore;
  let storage: ObjectStorage;
  let storedKeys: () => Promise<string[]> = () => listLocalObjects(storageDir);
  if (kind === "services") {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    databaseUrl = database.url;
    cache = new RedisCacheStore(testRedisUrl!, `farm-test:${randomBytes(6).toString("hex")}:`);
    const s3 = await startS3rver();
    cleanups.push(s3.stop);
    storage = new S3ObjectStorage(s3.config);
    storedKeys = () => listS3Objects(s3.config);
  } else {
    cache = new MemoryCacheStore();
    storage = new LocalObjectStorage(storageDir);
  }
  cleanups.push(
    () => cache.close(),
    () => storage.close(),
  );
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    STORAGE_DIR: storageDir,
    RPC_URL: "http://127.0.0.1:9",
    RATE_LIMIT_AUTH_PER_MINUTE: "1000",
    RATE_LIMIT_GENERAL_PER_MINUTE: "10000",
    // Suites submit many invoices for one farmer; the per-farmer limits have their own test.
    INVOICE_MAX_PENDING_PER_FARMER: "1000",
    INVOICE_SUBMISSIONS_PER_HOUR: "10000",
    // A stated rate, as a deployment showing Rupiah has; a suite clears RUPIAH_PER_GOLD to see none.
    RUPIAH_PER_GOLD: "16000",
    RUPIAH_RATE_SOURCE: "Bank Indonesia JISDOR",
    RUPIAH_RATE_DATE: "2026-11-02",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    cache,
    storage,
    contracts: options.contracts ?? null,
    ...(kind === "embedded" && config.dataDir.startsWith("memory://")
      ? { pgliteTemplate: await pgliteTemplate() }
      : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    cache,
    storage,
    storedKeys,
    async close() {
      const violations = [...app.responseContract.violations];
      await app.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
      // Every answer a test received matched its route's documented response for its status (plugins/response-contract).
      if (violations.length > 0 && !options.allowContractViolations)
        throw new Error(
          `answers outside the documented API contract:\n${violations
            .map((v) => `  ${v.route} -> ${v.status}: ${v.problem}`)
            .join("\n")}`,
        );
    },
  };
}

async function listLocalObjects(storageDir: string): Promise<string[]> {
  const root = join(storageDir, "objects");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

async function listS3Objects(config: S3Config): Promise<string[]> {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  } finally {
    client.destroy();
  }
}

/** A fresh random wallet, so suites never share accounts. */
export function randomAccount(): LocalAccount {
  return privateKeyToAccount(`0x${randomBytes(32).toString("hex")}` as Hex);
}

/** A signed EIP-4361 message for `nonce`, made for the test origin unless overridden. */
export async function signSiweMessage(
  account: LocalAccount,
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): Promise<{ message: string; signature: Hex }> {
  return signSiwe(account, { nonce, origin: testOrigin, chainId: 31337, ...overrides });
}

/** Signs `account` in through the real SIWE endpoints; returns the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, account: LocalAccount): Promise<string> {
  const nonceReply = await app.inject({ method: "GET", url: "/api/auth/nonce" });
  const { nonce } = nonceReply.json() as { nonce: string };
  const signed = await signSiweMessage(account, nonce);
  const reply = await app.inject({ method: "POST", url: "/api/auth/verify", payload: signed });
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.statusCode} ${reply.body}`);
  const cookie = reply.cookies.find((c) => c.name === "farm_session");
  if (!cookie) throw new Error("sign-in set no session cookie");
  return `farm_session=${cookie.value}`;
}

/**
 * Registers the signed-in wallet of `cookie` as a farmer (a valid profile and documents unless given) and returns the
 * new farmer's id; fails the test unless the API answers 201.
 */
export async function registerFarmer(
  app: FastifyInstance,
  cookie: string,
  profile = registrationProfile(),
  files = validDocuments(),
): Promise<string> {
  const body = multipartBody({ profile: JSON.stringify(profile) }, files);
  const reply = await app.inject({
    method: "POST",
    url: "/api/farmers/register",
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  if (reply.statusCode !== 201) throw new Error(`registration failed: ${reply.statusCode} ${reply.body}`);
  return reply.json().farmerId as string;
}

/**
 * Opens a test app on `kind` whose `ADMIN_ADDRESSES` holds a fresh wallet, signs that wallet in before the suite and
 * closes the app after it; `ready` receives the app, the admin's session cookie and its address.
 */
export function withAdminApp(
  kind: BackendKind,
  ready: (t: TestApp, adminCookie: string, admin: LocalAccount) => void,
  env: Record<string, string> = {},
): void {
  const admin = randomAccount();
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await startTestApp({ kind, env: { ...env, ADMIN_ADDRESSES: admin.address.toLowerCase() } });
    ready(opened, await signIn(opened.app, admin), admin);
  });
  afterAll(() => opened?.close());
}
