/**
 * GET /api/user/profile under load, with a signed-in session, against real PostgreSQL and Redis.
 * The API runs in its own process (backend/src/server.ts) so the load generator does not share its event loop.
 * Prints requests per second and p50/p99 latency; the last line is one JSON object of the figures.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getFreePort, signInOverHttp } from "@farm/testkit";
import autocannon from "autocannon";
import pg from "pg";
import { privateKeyToAccount } from "viem/accounts";

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const target = { requestsPerSecond: 3000, p99Ms: 25 };
const backendDir = fileURLToPath(new URL("../../backend/", import.meta.url));
const appOrigin = "http://localhost:5173";

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function startApi(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(" ") ?? []), "--import", "tsx", "src/server.ts"],
    {
      cwd: backendDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/config`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("the API did not start within 60 s");
}

function signIn(url: string): Promise<string> {
  const account = privateKeyToAccount(`0x${randomBytes(32).toString("hex")}`);
  return signInOverHttp({ apiUrl: url, origin: appOrigin, chainId: 31337, account });
}

/** CPU seconds (user + system) the process has used, from /proc: the server's cost independent of machine load. */
async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function load(url: string, cookie: string, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${process.env.BENCH_PATH ?? "/api/user/profile"}`,
    connections,
    duration,
    headers: { cookie },
  });
}

const databaseName = `farm_bench_${randomBytes(6).toString("hex")}`;
const storageDir = await mkdtemp(join(tmpdir(), "farm-bench-storage-"));
await withAdminClient((client) => client.query(`CREATE DATABASE ${databaseName}`));
const benchDatabaseUrl = new URL(databaseUrl);
benchDatabaseUrl.pathname = `/${databaseName}`;
let api: ChildProcess | undefined;
try {
  const started = await startApi({
    // Production's start-up check wants S3, an RPC and an operator key this benchmark never touches; "test" with
    // metrics off (production's default without a token) runs the same request path.
    NODE_ENV: "test",
    METRICS_ENABLED: "false",
    RESPONSE_CHECK: "false",
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    COOKIE_SECURE: "false",
    LOG_LEVEL: "warn",
    DATABASE_URL: benchDatabaseUrl.toString(),
    REDIS_URL: redisUrl,
    STORAGE_DIR: storageDir,
    DATA_DIR: storageDir,
    RPC_URL: process.env.BENCH_RPC_URL ?? "http://127.0.0.1:9",
    DEPLOYMENTS_FILE: join(storageDir, "no-deployment.json"),
    INDEXER_ENABLED: "false",
    // The limiter still counts every request in Redis; the ceiling is only lifted so the load is not refused.
    RATE_LIMIT_GENERAL_PER_MINUTE: "1000000000",
    RATE_LIMIT_AUTH_PER_MINUTE: "1000000000",
  });
  api = started.process;
  const cookie = await signIn(started.url);
  const check = await fetch(`${started.url}/api/user/profile`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`profile answered ${check.status}: ${await check.text()}`);

  await load(started.url, cookie, 2);
  const cpuBefore = await cpuSeconds(api.pid!);
  const result = await load(started.url, cookie, durationSeconds);
  const cpuAfter = await cpuSeconds(api.pid!);
  const serverCpuMicrosPerRequest =
    cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
      ? Math.round(((cpuAfter - cpuBefore) * 1e6) / result.requests.total)
      : null;
  const figures = {
    benchmark: "api:user-profile",
    backend: "postgresql+redis",
    connections,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    /** Server CPU per request; 1e6 / this is what one fully available core could serve. */
    serverCpuMicrosPerRequest,
    loadAverage1m: loadavg()[0] ?? 0,
    target,
    meetsTarget:
      result.requests.average >= target.requestsPerSecond &&
      result.latency.p99 < target.p99Ms &&
      result.non2xx === 0 &&
      result.errors === 0,
  };
  console.log(`GET /api/user/profile, ${connections} connections, ${durationSeconds} s, PostgreSQL + Redis`);
  console.log(`requests/s: ${figures.requestsPerSecond} (target >= ${target.requestsPerSecond})`);
  console.log(
    `latency p50: ${figures.latencyP50Ms} ms, p99: ${figures.latencyP99Ms} ms (target p99 < ${target.p99Ms} ms)`,
  );
  console.log(`non-2xx: ${figures.non2xx}, errors: ${figures.errors}`);
  console.log(
    `server CPU per request: ${serverCpuMicrosPerRequest ?? "?"} µs; machine load average ${figures.loadAverage1m.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(JSON.stringify(figures));
} finally {
  api?.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  await rm(storageDir, { recursive: true, force: true });
}
