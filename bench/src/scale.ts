/**
 * How the API holds up as data grows: the same PostgreSQL + Redis backend at three sizes (by default about 10,000,
 * 100,000 and 1,000,000 crops, with a fifth as many investors and invoices), seeded with COPY, each
 * endpoint driven with autocannon three times in a row (its figures are the medians of the runs). Prints requests/s, p50
 * and p99 per size and the ratio of the largest size's p99 to the smallest's; last line one JSON object. The disclosures
 * (issue 30) are among the endpoints: the platform record and the fact sheet must also answer >= 1,000 requests/s.
 *
 * Then the indexer backfills 1,000,000 events from a fake node (bench/src/indexer-scale.ts, in its own process):
 * >= 25,000 events/s with its resident size flat.
 *
 * BENCH_SCALE_CROPS (comma list), BENCH_SCALE_RUNS, BENCH_DURATION_S and BENCH_CONNECTIONS tune a run;
 * BENCH_INDEXER_SCALE_EVENTS the indexer's part.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { connectDatabase, deleteSession, encryptField, RedisCacheStore } from "@farm/backend/bench-kit";
import { getFreePort } from "@farm/testkit";
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

import { disclosureEndpoints, disclosureTargets } from "./scale-disclosures";
import { address, scaleShape, seedScale } from "./scale-seed";
import { signInSessions } from "./sign-in-sessions";

const SIZES = (process.env.BENCH_SCALE_CROPS ?? "10000,100000,1000000").split(",").map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** Times each endpoint is measured at each size, one after the other; the figures are the medians of the runs. */
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 3);
/** First waterings of the day in one run of POST /api/game/water; no two runs water the same crop. */
const WATERINGS_PER_RUN = 2_000;
/** Investors who sign in and water (each holds about five crops): enough for every run's waterings. */
const ACTIVE_PLAYERS = 400 * RUNS;

interface SizeResult {
  crops: number;
  seedSeconds: number;
  endpoints: Record<string, Measured>;
}

async function runSize(crops: number): Promise<SizeResult> {
  const database = benchDatabase("farm_bench_scale");
  await queryOnce(`create database ${database.name}`);
  const key = randomBytes(32);
  const admin = address(1, 4);
  const cache = new RedisCacheStore(benchRedisUrl, "farm:");
  const sessionIds: string[] = [];
  const port = await getFreePort();
  const backend = await startBackend(port, database.url, {
    ENCRYPTION_KEY: key.toString("hex"),
    ADMIN_ADDRESSES: admin,
  });
  try {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const seedStarted = Date.now();
    await seedScale(db, scaleShape(crops, ACTIVE_PLAYERS), encryptField(key, "3273010101800001"));
    const seedSeconds = Math.round((Date.now() - seedStarted) / 100) / 10;
    const invoices = Math.max(crops / 5, 100);
    const investors = Math.max(crops / 5, ACTIVE_PLAYERS);
    // A deep leaderboard page: the cursor of the entry nine tenths down the board, as paging would reach it.
    const deepRank = Math.floor(investors * 0.9);
    const deep = await db.query<{ xp: number; micros: string; address: string }>(
      `select xp, (extract(epoch from xp_reached_at) * 1000000)::bigint::text as micros, address from players
       where xp > 0 order by xp desc, xp_reached_at asc, address asc offset ${deepRank - 1} limit 1`,
    );
    await db.end();
    const deepBoard = deep.rows[0];
    if (!deepBoard) throw new Error("no deep leaderboard entry");
    const leaderboardCursor = `${deepBoard.xp}.${deepBoard.micros}.${deepBoard.address}`;
    const invoiceCursor = Buffer.from(String(Math.floor(invoices / 10))).toString("base64url");

    const players = Array.from({ length: ACTIVE_PLAYERS }, (_, i) => address(i + 1, 1));
    const whale = address(1, 3);
    const identityDb = await connectDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 4 });
    try {
      sessionIds.push(
        ...(await signInSessions(cache, identityDb.db, [...players, whale, admin], 500, [admin])),
      );
    } finally {
      await identityDb.close();
    }
    const cookieOf = (i: number) => `farm_session=${sessionIds[i]}`;
    const whaleCookie = cookieOf(ACTIVE_PLAYERS);
    const adminCookie = cookieOf(ACTIVE_PLAYERS + 1);
    const base = { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION_S };
    const get = (path: string, cookie?: string) =>
      medianOfRuns(RUNS, () =>
        drive({ ...base, requests: [{ method: "GET", path, headers: cookie ? { cookie } : {} }] }),
      );
    /** Each request the next of `paths`, round and round: a reading shared per key is mostly cold. */
    const getSpread = (paths: string[]) =>
      medianOfRuns(RUNS, () => {
        let next = 0;
        return drive({
          ...base,
          requests: [
            {
              method: "GET",
              setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? "/" }),
            },
          ],
        });
      });

    // Each watering is the first of the day for its crop: the active players' own crops, each once.
    const waterings: { cookie: string; cropId: string }[] = [];
    for (let c = 0; c < crops && waterings.length < WATERINGS_PER_RUN * RUNS; c += 1) {
      const holder = ((c % invoices) + Math.floor(c / invoices) * 7919) % investors;
      if (holder < ACTIVE_PLAYERS)
        waterings.push({ cookie: cookieOf(holder), cropId: String((c % invoices) + 1) });
    }
    const wateringsPerRun = Math.floor(waterings.length / RUNS);
    let nextPlayer = 0;
    const endpoints: Record<string, Measured> = {
      "GET /api/user/profile": await medianOfRuns(RUNS, () =>
        drive({
          ...base,
          requests: [
            {
              method: "GET",
              path: "/api/user/profile",
              setupRequest: (request) => ({
                ...request,
                headers: { cookie: cookieOf(nextPlayer++ % ACTIVE_PLAYERS) },
              }),
            },
          ],
        }),
      ),
      "GET /api/crops (50 crops)": await get("/api/crops", whaleCookie),
      "POST /api/game/water": await medianOfRuns(RUNS, (run) => {
        const own = waterings.slice(run * wateringsPerRun, (run + 1) * wateringsPerRun);
        let next = 0;
        return drive({
          url: base.url,
          connections: CONNECTIONS,
          amount: own.length,
          requests: [
            {
              method: "POST",
              path: "/api/game/water",
              setupRequest: (request) => {
                const watering = own[next++ % own.length];
                return {
                  ...request,
                  headers: { "content-type": "application/json", cookie: watering?.cookie ?? "" },
                  body: JSON.stringify({ cropId: watering?.cropId }),
                };
              },
            },
          ],
        });
      }),
      "GET /api/leaderboard (first page)": await get("/api/leaderboard?by=xp&limit=20"),
      "GET /api/leaderboard (deep cursor)": await get(
        `/api/leaderboard?by=xp&limit=20&cursor=${leaderboardCursor}`,
      ),
      "GET /api/invoices (first page)": await get("/api/invoices?limit=20"),
      "GET /api/invoices (deep cursor)": await get(`/api/invoices?limit=20&cursor=${invoiceCursor}`),
      "GET /api/invoices?farmer= (farmer's list)": await get(
        `/api/invoices?limit=20&farmer=${address(7, 2)}`,
      ),
      "GET /api/admin/farmers (admin's queue)": await get(
        "/api/admin/farmers?status=pending_review&limit=20",
        adminCookie,
      ),
      ...(await disclosureEndpoints(get, getSpread, { invoices, cookie: cookieOf(1) })),
    };
    return { crops, seedSeconds, endpoints };
  } finally {
    // Let the requests autocannon abandoned at the end of its last run finish before the database goes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    backend.kill("SIGTERM");
    await Promise.all(sessionIds.map((id) => deleteSession(cache, id)));
    await cache.close();
    await queryOnce(`drop database if exists ${database.name} with (force)`);
  }
}

const results: SizeResult[] = [];
for (const crops of SIZES) {
  console.log(`\n== ${crops.toLocaleString("en")} crops`);
  const result = await runSize(crops);
  console.log(`seeded in ${result.seedSeconds} s`);
  for (const [name, m] of Object.entries(result.endpoints)) {
    const failures = m.non2xx + m.errors;
    console.log(
      `${name.padEnd(42)} ${String(m.requestsPerSecond).padStart(7)} req/s  p50 ${String(m.p50Ms).padStart(4)} ms  p99 ${String(m.p99Ms).padStart(4)} ms${failures ? `  (${failures} failed)` : ""}`,
    );
  }
  results.push(result);
}
const smallest = results[0];
const largest = results[results.length - 1];
const ratios: Record<string, number> = {};
if (smallest && largest) {
  console.log(
    `\np99 at ${largest.crops.toLocaleString("en")} crops / p99 at ${smallest.crops.toLocaleString("en")}`,
  );
  for (const [name, m] of Object.entries(largest.endpoints)) {
    // A p99 under a millisecond rounds to 0 or 1: compare against at least 1 ms.
    const ratio =
      Math.round((Math.max(m.p99Ms, 1) / Math.max(smallest.endpoints[name]?.p99Ms ?? 1, 1)) * 100) / 100;
    ratios[name] = ratio;
    console.log(`${name.padEnd(42)} ${ratio} ${ratio <= 1.5 ? "ok" : "MISSED (target <= 1.5)"}`);
  }
}
const failed = results.some((r) => Object.values(r.endpoints).some((m) => m.non2xx + m.errors > 0));

// The indexer at scale (bench:indexer-scale): its own process, so its resident size is the indexer's alone.
console.log("\n== indexer backfill (npm run bench:indexer-scale)");
const indexer = await runIndexerScale();
console.log(
  JSON.stringify({
    benchmark: "scale",
    runsPerEndpoint: RUNS,
    sizes: results,
    p99RatioLargestToSmallest: ratios,
    indexer,
    targets: {
      allAnswered2xx: !failed,
      p99WithinOneAndAHalf: Object.values(ratios).every((r) => r <= 1.5),
      ...(largest ? disclosureTargets(largest.endpoints) : {}),
      ...Object.fromEntries(Object.entries(indexer.targets).map(([name, met]) => [`indexer ${name}`, met])),
    },
  }),
);

/** Runs bench/src/indexer-scale.ts as a child, echoing its lines, and returns the figures of its last line. */
async function runIndexerScale(): Promise<{ targets: Record<string, boolean> } & Record<string, unknown>> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/indexer-scale.ts"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const [code] = (await once(child, "exit")) as [number | null];
  const last = output.trim().split("\n").pop() ?? "";
  if (code !== 0 || !last.startsWith("{")) throw new Error(`bench:indexer-scale failed (exit ${code})`);
  return JSON.parse(last);
}
