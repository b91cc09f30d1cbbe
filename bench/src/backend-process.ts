import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { median } from "./median";

const backendDir = fileURLToPath(new URL("../../backend/", import.meta.url));

/** The PostgreSQL server the benchmarks create their databases on. */
export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
export const benchRedisUrl =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Runs one statement on `url` (by default the server's maintenance database) on its own connection. */
export async function queryOnce(text: string, url = benchServerUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database on the bench server: its name and URL. */
export function benchDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * Starts the real backend (server.ts) in its own process, so the load generator does not share its CPU, on a fresh
 * database it migrates at start-up; no chain, no indexer, limits out of the way.
 */
export async function startBackend(
  port: number,
  databaseUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "--import", "tsx", "src/server.ts"],
    {
      cwd: backendDir,
      env: {
        ...process.env,
        // Production's start-up check wants S3, an RPC and an operator key that these API benchmarks never touch;
        // "test" with metrics off (production's default without a token) runs the same request path.
        NODE_ENV: "test",
        METRICS_ENABLED: "false",
        // Production's path: answers are not re-parsed against their documented schema (tests check that).
        RESPONSE_CHECK: "false",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL: benchRedisUrl,
        ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        DEPLOYMENTS_FILE: join(tmpdir(), "farm-bench-no-deployment.json"),
        INDEXER_ENABLED: "false",
        RATE_LIMIT_GENERAL_PER_MINUTE: "1000000000",
        INVOICE_MAX_PENDING_PER_FARMER: "1000000000",
        INVOICE_SUBMISSIONS_PER_HOUR: "1000000000",
        RATE_LIMIT_AUTH_PER_MINUTE: "1000000000",
        ...extraEnv,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("backend did not become healthy within 60 s");
}

export interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Answers by status code, when any was not 2xx. */
  statusCodes?: Record<string, number>;
}

/** Drives the backend with autocannon and keeps the figures the benchmarks print. */
export async function drive(options: autocannon.Options): Promise<Measured> {
  // Requests over the time from the start to the last answer. Autocannon's own figures are per whole second: its
  // mean of per-second samples and its duration both count a fixed-size run's partial last second as a full one
  // (50,000 waterings answered in 12.2 s read as 3,847/s).
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on("response", () => {
      lastAnswer = performance.now();
    });
  });
  const seconds = (lastAnswer - started) / 1000;
  return {
    requestsPerSecond: Math.round(seconds > 0 ? result.requests.total / seconds : result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(result.non2xx > 0
      ? {
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
          ),
        }
      : {}),
  };
}

/**
 * Measures `runs` times, one after the other, and keeps the median of each figure (failures summed): one run's p99 on
 * two cores shared by the load generator, Node, PostgreSQL and Redis swings with a single slow moment.
 */
export async function medianOfRuns(
  runs: number,
  run: (index: number) => Promise<Measured>,
): Promise<Measured> {
  const measured: Measured[] = [];
  for (let index = 0; index < runs; index += 1) measured.push(await run(index));
  return medianOf(measured);
}

/** The median of each figure of several measurements of the same thing (failures summed). */
export function medianOf(measured: readonly Measured[]): Measured {
  const middle = (figure: (m: Measured) => number) => Math.round(median(measured.map(figure)));
  const total = (figure: (m: Measured) => number) => measured.reduce((sum, m) => sum + figure(m), 0);
  const statusCodes: Record<string, number> = {};
  for (const m of measured)
    for (const [code, count] of Object.entries(m.statusCodes ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    requestsPerSecond: middle((m) => m.requestsPerSecond),
    p50Ms: middle((m) => m.p50Ms),
    p99Ms: middle((m) => m.p99Ms),
    requests: total((m) => m.requests),
    non2xx: total((m) => m.non2xx),
    errors: total((m) => m.errors),
    ...(Object.keys(statusCodes).length > 0 ? { statusCodes } : {}),
  };
}
