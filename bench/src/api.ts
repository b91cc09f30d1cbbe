/**
 * The API's per-request cost, in one run, at 50 connections, against real PostgreSQL and Redis: a bare Fastify app
 * (the ceiling: the same JSON as /api/config after the same rate-limit call to Redis), then the platform's
 * /api/config, profile, crops (50 a wallet), a page of the invoice list, a farmer's list, the admin's KYC queue and the
 * ERC-1155 metadata. Requests are spread over 1,000 signed-in wallets, 1,000 invoice pages, 1,000 farmers and 10,000
 * tokens, so no response cache can answer them all. For each: requests/s, p50, p99 (medians of BENCH_API_RUNS runs)
 * and the server process's CPU microseconds per request (from /proc, whatever the machine's load). Last line JSON.
 * BENCH_CONNECTIONS, BENCH_DURATION_S, BENCH_API_RUNS and BENCH_API_ONLY tune a run; BENCH_NODE_ARGS (e.g.
 * `--cpu-prof`) goes to the platform's process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { connectDatabase, deleteSession, encryptField, RedisCacheStore } from "@farm/backend/bench-kit";
import { getFreePort } from "@farm/testkit";
import type autocannon from "autocannon";
import pg from "pg";
import {
  benchDatabase,
  benchRedisUrl,
  drive,
  type Measured,
  medianOfRuns,
  queryOnce,
  startBackend,
} from "./backend-process";
import { storeCropCards } from "./crop-cards";
import { address, type ScaleShape, seedScale } from "./scale-seed";
import { signInSessions } from "./sign-in-sessions";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const RUNS = Number(process.env.BENCH_API_RUNS ?? 3);
const WALLETS = 1_000;
/** 1,000 investors with 50 crops each, 10,000 invoices of 1,000 farmers (ten each). */
const shape: ScaleShape = { crops: 50_000, investors: WALLETS, invoices: 10_000, farmers: 1_000 };
const benchDir = fileURLToPath(new URL("../", import.meta.url));

/** CPU seconds (user + system) a process has used, from /proc. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Endpoint {
  name: string;
  /** The n-th request's path and headers. */
  request: (n: number) => { path: string; headers?: Record<string, string> };
  server: "bare" | "platform";
}

type Figures = Measured & { serverCpuMicrosPerRequest: number };

async function measure(url: string, pid: number | undefined, endpoint: Endpoint): Promise<Figures> {
  let next = 0;
  const options = (): autocannon.Options => ({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const { path, headers } = endpoint.request(next++);
          return { ...request, path, headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  await drive({ ...options(), duration: 1 });
  const cpuBefore = await cpuSeconds(pid);
  const measured = await medianOfRuns(RUNS, () => drive(options()));
  const cpuAfter = await cpuSeconds(pid);
  return {
    ...measured,
    serverCpuMicrosPerRequest: Math.round(((cpuAfter - cpuBefore) * 1e6) / Math.max(1, measured.requests)),
  };
}

async function startBare(port: number, configJson: string, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/bare-fastify.ts"], {
    cwd: benchDir,
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: benchRedisUrl,
      BARE_CONFIG_JSON: configJson,
      BARE_DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await fetch(`http://127.0.0.1:${port}/api/config`).catch(() => null))?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("the bare Fastify app did not start within 30 s");
}

const database = benchDatabase("farm_bench_api");
await queryOnce(`create database ${database.name}`);
const key = randomBytes(32);
const admin = address(1, 4);
const cache = new RedisCacheStore(benchRedisUrl, "farm:");
const sessionIds: string[] = [];
const port = await getFreePort();
const barePort = await getFreePort();
const backend = await startBackend(port, database.url, {
  ENCRYPTION_KEY: key.toString("hex"),
  ADMIN_ADDRESSES: admin,
});
let bare: ChildProcess | undefined;
try {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await seedScale(db, shape, encryptField(key, "3273010101800001"));
  await db.end();
  const wallets = Array.from({ length: WALLETS }, (_, i) => address(i + 1, 1));
  const identityDb = await connectDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 4 });
  try {
    sessionIds.push(...(await signInSessions(cache, identityDb.db, [...wallets, admin], 500, [admin])));
  } finally {
    await identityDb.close();
  }
  const cookie = (n: number) => ({ cookie: `farm_session=${sessionIds[n % WALLETS]}` });
  const adminCookie = { cookie: `farm_session=${sessionIds[WALLETS]}` };
  const platformUrl = `http://127.0.0.1:${port}`;
  const configJson = await (await fetch(`${platformUrl}/api/config`)).text();
  const cards = await storeCropCards(database.url, platformUrl, wallets, cookie);
  console.log(`the floor's table: ${cards} crops of ${WALLETS} wallets, one pre-rendered card each`);
  bare = await startBare(barePort, configJson, database.url);
  const pageCursor = (n: number) =>
    Buffer.from(String((n % 1_000) * (shape.invoices / 1_000) + 1)).toString("base64url");

  const floor = "bare Fastify: 50 pre-rendered crops (floor)";
  const endpoints: Endpoint[] = [
    { name: "bare Fastify /api/config (ceiling)", server: "bare", request: () => ({ path: "/api/config" }) },
    { name: "GET /api/config", server: "platform", request: () => ({ path: "/api/config" }) },
    {
      name: "GET /api/user/profile",
      server: "platform",
      request: (n) => ({ path: "/api/user/profile", headers: cookie(n) }),
    },
    {
      name: floor,
      server: "bare",
      request: (n) => ({ path: `/floor/crops/${wallets[n % WALLETS]}` }),
    },
    {
      name: "GET /api/crops (50 crops)",
      server: "platform",
      request: (n) => ({ path: "/api/crops", headers: cookie(n) }),
    },
    {
      name: "GET /api/invoices (a page of 20)",
      server: "platform",
      request: (n) => ({ path: `/api/invoices?limit=20&cursor=${pageCursor(n)}`, headers: cookie(n) }),
    },
    {
      name: "GET /api/invoices?farmer= (farmer's list)",
      server: "platform",
      request: (n) => ({
        path: `/api/invoices?limit=20&farmer=${address((n % shape.farmers) + 1, 2)}`,
        headers: cookie(n),
      }),
    },
    {
      name: "GET /api/admin/farmers (KYC queue)",
      server: "platform",
      request: () => ({ path: "/api/admin/farmers?status=pending_review&limit=20", headers: adminCookie }),
    },
    {
      name: "GET /api/metadata/:id",
      server: "platform",
      request: (n) => ({ path: `/api/metadata/${(n % shape.invoices) + 1}` }),
    },
  ];
  const results: Record<string, Figures> = {};
  // BENCH_API_ONLY (a regular expression over the names) measures some endpoints only, e.g. under a profiler.
  const only = new RegExp(process.env.BENCH_API_ONLY ?? "");
  for (const endpoint of endpoints.filter(({ name }) => only.test(name))) {
    const [url, pid] =
      endpoint.server === "bare" ? [`http://127.0.0.1:${barePort}`, bare.pid] : [platformUrl, backend.pid];
    const figures = await measure(url, pid, endpoint);
    results[endpoint.name] = figures;
    const failed = figures.non2xx + figures.errors;
    console.log(
      `${endpoint.name.padEnd(42)} ${String(figures.requestsPerSecond).padStart(7)} req/s  p50 ${String(figures.p50Ms).padStart(3)} ms  p99 ${String(figures.p99Ms).padStart(3)} ms  ${String(figures.serverCpuMicrosPerRequest).padStart(5)} µs CPU${failed ? `  (${failed} failed: ${JSON.stringify(figures.statusCodes ?? {})})` : ""}`,
    );
  }
  const rps = (name: string) => results[name]?.requestsPerSecond ?? 0;
  const p99 = (name: string) => results[name]?.p99Ms ?? Number.POSITIVE_INFINITY;
  // A share of two endpoints, or null when a run (BENCH_API_ONLY) left either out: never a target met unmeasured.
  const share = (name: string, of: string) =>
    results[name] && results[of] ? Math.round((rps(name) / rps(of)) * 100) / 100 : null;
  const configShareOfBare = share("GET /api/config", endpoints[0]!.name);
  const cropsShareOfFloor = share("GET /api/crops (50 crops)", floor);
  const profileShareOfConfig = share("GET /api/user/profile", "GET /api/config");
  const measured = (names: string[], met: () => boolean) =>
    names.every((name) => results[name] !== undefined) ? met() : null;
  const lists = [
    "GET /api/crops (50 crops)",
    "GET /api/invoices (a page of 20)",
    "GET /api/invoices?farmer= (farmer's list)",
  ];
  // Each target true or false when its endpoints were measured, null (not measured) when the run left one out.
  const targets = {
    allAnswered2xx: Object.values(results).every((m) => m.non2xx + m.errors === 0),
    configAtLeast90PercentOfBare: configShareOfBare === null ? null : configShareOfBare >= 0.9,
    profileAtLeast80PercentOfConfig: profileShareOfConfig === null ? null : profileShareOfConfig >= 0.8,
    listsAtLeast3000PerSecondP99Under25Ms: measured(lists, () =>
      lists.every((name) => rps(name) >= 3_000 && p99(name) < 25),
    ),
    adminQueueAtLeast2000PerSecond: measured(
      ["GET /api/admin/farmers (KYC queue)"],
      () => rps("GET /api/admin/farmers (KYC queue)") >= 2_000,
    ),
    // Not the platform's: whether any read of a 50-crop list (the floor) could meet the lists' target on this machine.
    floorAtLeast3000PerSecondP99Under25Ms: measured([floor], () => rps(floor) >= 3_000 && p99(floor) < 25),
    metadataAtLeast5000PerSecond: measured(
      ["GET /api/metadata/:id"],
      () => rps("GET /api/metadata/:id") >= 5_000,
    ),
  };
  console.log(
    `config / bare ${configShareOfBare ?? "not measured"}, profile / config ${profileShareOfConfig ?? "not measured"}, crops / floor ${cropsShareOfFloor ?? "not measured"}`,
  );
  console.log(
    `machine load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores; targets: ${JSON.stringify(targets)}`,
  );
  console.log(
    JSON.stringify({
      benchmark: "api",
      backend: "postgresql+redis",
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      runs: RUNS,
      shape,
      endpoints: results,
      configShareOfBare,
      profileShareOfConfig,
      cropsShareOfFloor,
      loadAverage1m: loadavg()[0] ?? 0,
      targets,
    }),
  );
  if (!targets.allAnswered2xx) process.exitCode = 1;
} finally {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  bare?.kill("SIGTERM");
  backend.kill("SIGTERM");
  await Promise.all(sessionIds.map((id) => deleteSession(cache, id)));
  await cache.close();
  await queryOnce(`drop database if exists ${database.name} with (force)`);
}
