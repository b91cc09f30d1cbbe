import { type ChildProcess, execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { connectDatabase, deleteSession, RedisCacheStore } from "@farm/backend/bench-kit";
import { getFreePort } from "@farm/testkit";
import type autocannon from "autocannon";
import pg from "pg";
import { getAddress } from "viem";
import { benchDatabase, benchRedisUrl, drive, medianOf, queryOnce, startBackend } from "./backend-process";
import { gardenSlugs, seed } from "./game-seed";
import { median } from "./median";
import { signInSessions } from "./sign-in-sessions";

// Game API throughput against real PostgreSQL and Redis with 10,000 investors and 50,000 crops: POST /api/game/water,
// POST /api/gardens/:slug/help (every investor verified with a public garden), both together, and GET
// /api/leaderboard, driven by autocannon and compared with pgbench running one single-row UPDATE per transaction on the
// same server (the most a watering, itself one UPDATE, could reach). Issue 32's budget: waterings and helps together
// >= 0.45 of pgbench. Each investor first opens its garden (GET /api/game/state draws the day's quests), as in the app.
// Three game days (BENCH_GAME_DAYS) on the game's test clock; each figure is the median of the days, pgbench's of three.

const INVESTORS = 10_000;
const CROPS = 50_000;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Game days played (each phase once a day); the figures are the medians over the days. */
const DAYS = Number(process.env.BENCH_GAME_DAYS ?? 3);
const { name: databaseName, url: databaseUrl } = benchDatabase("farm_bench_game");
const run = promisify(execFile);
const adminQuery = (text: string) => queryOnce(text);
const adminQueryIn = (text: string) => queryOnce(text, databaseUrl);
const driveGame = (options: autocannon.Options) =>
  drive({ connections: CONNECTIONS, duration: DURATION_S, ...options });

/** pgbench with one single-row UPDATE per transaction on a 10,000-row table of the same database. */
async function pgbenchCeiling(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "farm-bench-"));
  try {
    const script = join(dir, "update.sql");
    await writeFile(
      script,
      `\\set id random(1, ${INVESTORS})\nupdate bench_ceiling set n = n + 1 where id = :id;\n`,
    );
    const url = new URL(databaseUrl);
    const { stdout } = await run("pgbench", [
      "-n",
      "-f",
      script,
      "-T",
      String(DURATION_S),
      "-c",
      "8",
      "-j",
      "2",
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username) || "postgres",
      databaseName,
    ]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps?.[1]) throw new Error(`could not read pgbench output:\n${stdout}`);
    return Math.round(Number(tps[1]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await adminQuery(`create database ${databaseName}`);
const cache = new RedisCacheStore(benchRedisUrl, "farm:");
const sessionIds: string[] = [];
let backend: ChildProcess | undefined;
try {
  const port = await getFreePort();
  // The backend migrates the fresh database at start-up; seeding follows once the tables exist.
  backend = await startBackend(port, databaseUrl, { GAME_TEST_CLOCK: "true" });
  const investors = Array.from({ length: INVESTORS }, (_, i) =>
    getAddress(`0x${(i + 1).toString(16).padStart(40, "0")}`),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const seedStarted = Date.now();
  await seed(db, investors, CROPS);
  const slugs = await gardenSlugs(db, investors);
  await db.end();
  const seedMs = Date.now() - seedStarted;
  console.log(`seeded ${INVESTORS} investors and ${CROPS} crops in ${seedMs} ms`);

  // The platform's floor on this machine right now: a trivial endpoint through the same plugins (rate limit included).
  const baseline = await driveGame({ url: `http://127.0.0.1:${port}/api/config` });
  console.log(
    `GET /api/config (baseline)  ${baseline.requestsPerSecond} req/s  p50 ${baseline.p50Ms} ms  p99 ${baseline.p99Ms} ms`,
  );

  // Every investor signs in, then waters: sessions and cached identities as POST /api/auth/verify leaves them.
  const signInStarted = Date.now();
  const identityDb = await connectDatabase({ databaseUrl, dataDir: "", poolSize: 8 });
  try {
    sessionIds.push(...(await signInSessions(cache, identityDb.db, investors)));
  } finally {
    await identityDb.close();
  }
  const cookies = sessionIds.map((id) => `farm_session=${id}`);
  console.log(`signed in ${INVESTORS} investors in ${Date.now() - signInStarted} ms`);

  // A watering of crop `tokenId` by its owner, and a help of investor i to the neighbour `offset` places after it: each
  // request valid once (a crop once a day, an owner's 100 water covers its 5 crops; a helper gives 3 helps a day).
  const waterRequest = (tokenId: number) => ({
    method: "POST" as const,
    path: "/api/game/water",
    headers: { "content-type": "application/json", cookie: cookies[(tokenId - 1) % INVESTORS] ?? "" },
    body: JSON.stringify({ cropId: String(tokenId) }),
  });
  // Helpers in a scattered order and each one's neighbours 3,331 places apart, as strangers' helps would fall: helps
  // in flight at once then lock different players' rows (consecutive pairs would queue on each other's locks).
  const helpRequest = (n: number, offset: number) => {
    const helper = (n * 7919) % INVESTORS;
    return {
      method: "POST" as const,
      path: `/api/gardens/${slugs[(helper + offset * 3331) % INVESTORS]}/help`,
      headers: { cookie: cookies[helper] ?? "" },
    };
  };
  const report = (name: string, m: Awaited<ReturnType<typeof driveGame>>) =>
    console.log(
      `${name.padEnd(44)} ${m.requestsPerSecond} req/s  p50 ${m.p50Ms} ms  p99 ${m.p99Ms} ms  (${m.requests} requests, ${m.non2xx} non-2xx, ${m.errors} errors)`,
    );

  // A run that crossed 00:00 UTC would change the game's day under a phase (a run that did: waterings 1,382/s instead
  // of about 2,500). With less than half an hour of today left, the game's clock starts half an hour into tomorrow.
  const leftTodayMs = 86_400_000 - (Date.now() % 86_400_000);
  const startOffsetMs = leftTodayMs < 30 * 60_000 ? leftTodayMs + 30 * 60_000 : 0;
  if (startOffsetMs > 0) console.log(`UTC midnight is near: the game's clock runs ${startOffsetMs} ms ahead`);
  // One game day: each investor opens its garden, then waterings, helps, and both together. Every request is valid
  // once a day, so each further day runs on the game's test clock (GAME_TEST_CLOCK), moved a day ahead: the same
  // players come back tomorrow, and each figure is the median of the days.
  const playDay = async (day: number) => {
    if (day > 0) {
      // A game day is 24 hours in a live database, and autovacuum (on by default; off on the CI machine's server)
      // clears the day's dead player and neighbour rows long before the players come back. Without it each
      // simulated day would meet the last ones' dead index entries seconds later.
      await adminQueryIn("vacuum analyze");
    }
    if (day > 0 || startOffsetMs > 0) {
      const moved = await fetch(`http://127.0.0.1:${port}/api/test/game-clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ offsetMs: startOffsetMs + day * 86_400_000 }),
      });
      if (moved.status !== 204) throw new Error(`could not move the game clock: ${moved.status}`);
    }
    // Each investor opens its garden first, as the app does before a water button shows: the garden's GET
    // /api/game/state is the day's first read, which draws the day's quests and the week's chores (decision 0059).
    let nextOpen = 0;
    const open = await driveGame({
      url: `http://127.0.0.1:${port}`,
      amount: INVESTORS,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            path: "/api/game/state",
            headers: { cookie: cookies[nextOpen++ % INVESTORS] ?? "" },
          }),
        },
      ],
    });
    report(`day ${day + 1}: GET /api/game/state`, open);

    // Waterings alone: the first half of the crops, each once (every answer must be 200).
    const half = CROPS / 2;
    let nextCrop = 0;
    const water = await driveGame({
      url: `http://127.0.0.1:${port}`,
      amount: half,
      requests: [{ setupRequest: (request) => ({ ...request, ...waterRequest((nextCrop++ % half) + 1) }) }],
    });
    report(`day ${day + 1}: POST /api/game/water`, water);

    // Helps alone: every investor helps the next one (verified both, once a pair a day, within the 3 a day).
    let nextHelp = 0;
    const help = await driveGame({
      url: `http://127.0.0.1:${port}`,
      amount: INVESTORS,
      requests: [{ setupRequest: (request) => ({ ...request, ...helpRequest(nextHelp++ % INVESTORS, 1) }) }],
    });
    report(`day ${day + 1}: POST /api/gardens/:slug/help`, help);

    // Waterings and helps together, as players do them: the other half of the crops and each investor's second and
    // third help, alternating.
    let mixedWater = half;
    let mixedHelp = 0;
    const together = await driveGame({
      url: `http://127.0.0.1:${port}`,
      amount: 2 * INVESTORS * 2,
      requests: [
        { setupRequest: (request) => ({ ...request, ...waterRequest((mixedWater++ % CROPS) + 1) }) },
        {
          setupRequest: (request) => {
            const n = mixedHelp++;
            return { ...request, ...helpRequest(n % INVESTORS, 2 + (Math.floor(n / INVESTORS) % 2)) };
          },
        },
      ],
    });
    report(`day ${day + 1}: water + help together`, together);
    return { open, water, help, together };
  };
  const days: Awaited<ReturnType<typeof playDay>>[] = [];
  for (let day = 0; day < DAYS; day++) days.push(await playDay(day));
  const phase = (name: keyof (typeof days)[number]) => medianOf(days.map((d) => d[name]));
  const [open, water, help, together] = [phase("open"), phase("water"), phase("help"), phase("together")];
  report(`median of ${DAYS}: GET /api/game/state (draws)`, open);
  report(`median of ${DAYS}: POST /api/game/water`, water);
  report(`median of ${DAYS}: POST /api/gardens/:slug/help`, help);
  report(`median of ${DAYS}: water + help together`, together);

  let nextBoard = 0;
  const boards = ["xp", "invested", "yield"];
  const leaderboard = await driveGame({
    url: `http://127.0.0.1:${port}`,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({
          ...request,
          path: `/api/leaderboard?by=${boards[nextBoard++ % 3]}&limit=20`,
        }),
      },
    ],
  });
  console.log(
    `GET /api/leaderboard   ${leaderboard.requestsPerSecond} req/s  p50 ${leaderboard.p50Ms} ms  p99 ${leaderboard.p99Ms} ms  (${leaderboard.requests} requests, ${leaderboard.non2xx} non-2xx, ${leaderboard.errors} errors)`,
  );

  backend.kill("SIGTERM");
  const pgbenchRuns: number[] = [];
  await adminQueryIn("create table bench_ceiling (id int primary key, n int not null default 0)");
  await adminQueryIn(`insert into bench_ceiling (id) select generate_series(1, ${INVESTORS})`);
  for (let index = 0; index < DAYS; index++) pgbenchRuns.push(await pgbenchCeiling());
  const pgbenchTps = median(pgbenchRuns);
  const share = (m: { requestsPerSecond: number }) =>
    Math.round((m.requestsPerSecond / pgbenchTps) * 1000) / 1000;
  const ratio = share(water);
  const togetherRatio = share(together);
  console.log(
    `pgbench single-row UPDATE  ${pgbenchTps} tps (median of ${pgbenchRuns.join(", ")}; -c 8 -j 2); water / pgbench = ${ratio}, help / pgbench = ${share(help)}, water + help / pgbench = ${togetherRatio}`,
  );

  const targets = {
    waterAllWatered: water.non2xx === 0 && water.errors === 0,
    gardensOpened: open.non2xx === 0 && open.errors === 0,
    helpsAllAnswered200:
      help.non2xx === 0 && help.errors === 0 && together.non2xx === 0 && together.errors === 0,
    togetherAtLeast045OfPgbench: togetherRatio >= 0.45,
    waterRps: water.requestsPerSecond >= 1_500,
    waterP99: water.p99Ms < 40,
    leaderboardRps: leaderboard.requestsPerSecond >= 5_000,
    ratio: ratio >= 0.4,
  };
  console.log(
    JSON.stringify({
      investors: INVESTORS,
      crops: CROPS,
      seedMs,
      durationS: DURATION_S,
      days,
      pgbenchRuns,
      connections: CONNECTIONS,
      baselineConfig: baseline,
      open,
      water,
      help,
      together,
      leaderboard,
      pgbenchTps,
      waterToPgbenchRatio: ratio,
      helpToPgbenchRatio: share(help),
      togetherToPgbenchRatio: togetherRatio,
      targetsMet: targets,
    }),
  );
} finally {
  backend?.kill("SIGTERM");
  for (let i = 0; i < sessionIds.length; i += 500)
    await Promise.all(sessionIds.slice(i, i + 500).map((id) => deleteSession(cache, id)));
  await cache.close();
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
}
