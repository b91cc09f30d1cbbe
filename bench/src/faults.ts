/**
 * The backend under faults, against real PostgreSQL, Redis and anvil: 20 concurrent clients of mixed reads and
 * writes while PostgreSQL, Redis and the RPC node each go away for 8 s (a TCP proxy in front of each resets every
 * connection and refuses new ones), then `kill -9` of the backend during 20 concurrent invoice submissions and a
 * restart. Prints per phase the answers by status, p99 latency during the outage and seconds to the first success
 * after recovery; after the crash, stuck submissions, on-chain invoices without metadata, orphaned objects and
 * duplicates 30 s later. Targets: no 500, p99 < 1,000 ms during an outage, recovery < 2 s, nothing stuck, orphaned
 * or duplicated. The last line is one JSON object of the figures.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { deployFarm, farmNftAbi } from "@farm/contracts";
import {
  anvilChain,
  anvilKeys,
  getFreePort,
  signInOverHttp,
  startAnvil,
  startTcpProxy,
  type TcpProxy,
} from "@farm/testkit";
import pg from "pg";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { byStatus, faultLoad, firstSuccess, p99 } from "./faults-load";

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const clients = 20;
const outageMs = Number(process.env.BENCH_OUTAGE_MS ?? 8_000);
const settleAfterCrashMs = 30_000;
const targets = { p99OutageMs: 1_000, recoverySeconds: 2 };
const backendDir = fileURLToPath(new URL("../../backend/", import.meta.url));
const appOrigin = "http://localhost:5173";
const hostOf = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

// --- the chain, the database, the proxies -----------------------------------------------------------------------
const anvil = await startAnvil();
const chain = anvilChain(anvil);
const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
const deployment = await deployFarm({
  publicClient,
  walletClient: createWalletClient({
    chain,
    transport: http(anvil.rpcUrl),
    account: privateKeyToAccount(anvilKeys[0]),
  }),
  operator: privateKeyToAccount(anvilKeys[1]).address,
});
const databaseName = `farm_faults_${randomBytes(6).toString("hex")}`;
await sql(databaseUrl, `CREATE DATABASE ${databaseName}`);
const benchDatabase = new URL(databaseUrl);
benchDatabase.pathname = `/${databaseName}`;
const directDatabaseUrl = benchDatabase.toString();
const storageDir = await mkdtemp(join(tmpdir(), "farm-faults-storage-"));
const proxies: Record<"database" | "cache" | "chain", TcpProxy> = {
  database: await startTcpProxy(hostOf(directDatabaseUrl)),
  cache: await startTcpProxy(hostOf(redisUrl)),
  chain: await startTcpProxy(hostOf(anvil.rpcUrl)),
};
const port = await getFreePort();
const apiUrl = `http://127.0.0.1:${port}`;
const apiEnv = {
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  REQUEST_LOGGING: "false",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: proxies.database.rewrite(directDatabaseUrl),
  REDIS_URL: proxies.cache.rewrite(redisUrl),
  RPC_URL: proxies.chain.rewrite(anvil.rpcUrl),
  CHAIN_ID: String(anvil.chainId),
  GOLD_TOKEN_ADDRESS: deployment.goldToken,
  GOLD_FAUCET_ADDRESS: deployment.goldFaucet,
  FARM_NFT_ADDRESS: deployment.farmNft,
  FARM_VAULT_ADDRESS: deployment.farmVault,
  INDEXER_START_BLOCK: String(deployment.blockNumber),
  OPERATOR_PRIVATE_KEY: anvilKeys[1],
  STORAGE_DIR: storageDir,
  DATA_DIR: storageDir,
  ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  RATE_LIMIT_GENERAL_PER_MINUTE: "1000000000",
  RATE_LIMIT_AUTH_PER_MINUTE: "1000000000",
  // Outages and a crash are measured here, not the per-farmer limits: five farmers submitting all along would reach
  // them (409) and the crash's 20 submissions would then be refused before any of them reached the chain.
  INVOICE_MAX_PENDING_PER_FARMER: "100000",
  INVOICE_SUBMISSIONS_PER_HOUR: "100000",
  DB_CONNECT_TIMEOUT_MS: "1000",
  RPC_TIMEOUT_MS: "1000",
  // The crash phase checks 30 s after the restart: recovery must have run by then.
  SUBMISSION_RECONCILE_INTERVAL_MS: "2000",
  SUBMISSION_STUCK_AFTER_MS: "5000",
  STORAGE_SWEEP_INTERVAL_MS: "2000",
  STORAGE_ORPHAN_GRACE_MS: "10000",
};

let api: ChildProcess | undefined;
async function startApi(): Promise<void> {
  api = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: backendDir,
    env: { ...process.env, ...apiEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    if (
      await fetch(`${apiUrl}/api/config`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error("the API did not start within 60 s");
}

function signIn(key: `0x${string}`): Promise<string> {
  return signInOverHttp({
    apiUrl,
    origin: appOrigin,
    chainId: anvil.chainId,
    account: privateKeyToAccount(key),
  });
}

/** An approved farmer, written straight into the database, signed in. */
async function approvedFarmer(): Promise<{ cookie: string; address: string }> {
  const key = `0x${randomBytes(32).toString("hex")}` as `0x${string}`;
  const address = privateKeyToAccount(key).address;
  await sql(
    directDatabaseUrl,
    `insert into farmers (wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street,
       province, city, district, postal_code, business_name, business_type, npwp_encrypted, bank_name,
       bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
     values ($1, 'approved', 'Bench Farmer', 'x', 'bench@example.id', '+620000', '1980-01-01', 'Jl. 1', 'Jawa Barat',
       'Bandung', 'Cibiru', '40614', 'Bench Farm', 'individual', 'x', 'BRI', 'x', 'Bench Farmer', '["rice"]', 1, 1)`,
    [address],
  );
  return { cookie: await signIn(key), address };
}

const { call, submit, startLoad } = faultLoad(apiUrl, clients);

const figures: Record<string, unknown> = {};
try {
  await startApi();
  const users = await Promise.all(Array.from({ length: 5 }, () => approvedFarmer()));
  const probeCookie = users[0]!.cookie;
  const probes = {
    database: () => call("/api/invoices?limit=1"),
    cache: () => call("/api/auth/session", { headers: { cookie: probeCookie } }),
    // The chain's own probe: the health route answers 200 either way and says whether it read the head.
    chain: async () => {
      try {
        const health = (await (await fetch(`${apiUrl}/api/health`)).json()) as {
          chain: { head: number | null };
        };
        return { status: health.chain.head === null ? 503 : 200 };
      } catch {
        return { status: 0 };
      }
    },
  };

  for (const dependency of ["database", "cache", "chain"] as const) {
    const load = startLoad(users);
    await sleep(1_000);
    const down = performance.now();
    proxies[dependency].set("refuse");
    await sleep(outageMs);
    const up = performance.now();
    proxies[dependency].set("up");
    const recoveryMs = await firstSuccess(probes[dependency], up);
    await sleep(500);
    await load.stop();
    const during = load.samples.filter((sample) => sample.at >= down && sample.at < up);
    const phase = {
      requests: load.samples.length,
      byStatus: byStatus(load.samples),
      duringOutage: byStatus(during),
      p99OutageMs: Math.round(p99(during.map((sample) => sample.ms))),
      p99OutageMsByKind: Object.fromEntries(
        ["list", "session", "profile", "rename", "submit"].map((kind) => [
          kind,
          Math.round(p99(during.filter((sample) => sample.kind === kind).map((sample) => sample.ms))),
        ]),
      ),
      recoverySeconds: Number((recoveryMs / 1000).toFixed(2)),
      errors500: load.samples.filter((sample) => sample.status >= 500 && sample.status !== 503).length,
      // No answer at all: the server hung or died.
      unanswered: load.samples.filter((sample) => sample.status === 0).length,
    };
    figures[dependency] = phase;
    console.log(`${dependency} outage (${outageMs / 1000} s): ${JSON.stringify(phase)}`);
  }

  // Crash: kill -9 during 20 concurrent submissions, restart, retry each with its key until it has a final answer.
  const submissions = Array.from({ length: clients }, (_, index) => ({
    user: users[index % users.length]!,
    number: `CRASH-${index}-${randomUUID().slice(0, 8)}`,
    key: `crash-${randomUUID()}`,
  }));
  const inFlight = submissions.map((s) => submit(s.user.cookie, s.number, s.key));
  await sleep(150);
  api!.kill("SIGKILL");
  const answersBeforeCrash = byStatus((await Promise.all(inFlight)).map((answer) => ({ at: 0, ...answer })));
  const restartedAt = performance.now();
  await startApi();
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  const finals = await Promise.all(
    submissions.map(async (s) => {
      for (;;) {
        const answer = await submit(s.user.cookie, s.number, s.key);
        if (answer.status !== 409 && answer.status !== 503 && answer.status !== 0) return answer.status;
        if (performance.now() - restartedAt > settleAfterCrashMs) return answer.status;
        await sleep(500);
      }
    }),
  );
  await sleep(Math.max(0, settleAfterCrashMs - (performance.now() - restartedAt)));

  const stuck = await sql<{ n: string }>(
    directDatabaseUrl,
    "select count(*) as n from invoices where submission_state = 'submitting'",
  );
  const events = await publicClient.getContractEvents({
    address: deployment.farmNft,
    abi: farmNftAbi,
    eventName: "InvoiceSubmitted",
    fromBlock: BigInt(deployment.blockNumber),
  });
  const completed = await sql<{ token_id: string }>(
    directDatabaseUrl,
    "select token_id from invoices where submission_state = 'submitted'",
  );
  const withMetadata = new Set(completed.map((row) => row.token_id));
  const orphanedOnChain = events.filter((event) => !withMetadata.has(event.args.tokenId!.toString())).length;
  const references = new Map<string, number>();
  for (const event of events)
    references.set(event.args.referenceHash!, (references.get(event.args.referenceHash!) ?? 0) + 1);
  const duplicateRows = await sql<{ n: string }>(
    directDatabaseUrl,
    "select count(*) as n from (select farmer_id, invoice_number from invoices group by 1, 2 having count(*) > 1) d",
  );
  const duplicates = [...references.values()].filter((n) => n > 1).length + Number(duplicateRows[0]?.n ?? 0);
  const objectsRoot = join(storageDir, "objects");
  const files = await readdir(objectsRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  const stored = files
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json"))
    .map((entry) => relative(objectsRoot, join(entry.parentPath, entry.name)));
  const referenced = new Set(
    (
      await sql<{ key: string }>(
        directDatabaseUrl,
        "select storage_key as key from invoice_documents union select storage_key from farmer_documents",
      )
    ).map((row) => row.key),
  );
  const temporary = await readdir(join(storageDir, "tmp")).catch(() => []);
  const crash = {
    answersBeforeCrash,
    restartSeconds: Number(restartSeconds.toFixed(2)),
    finalAnswers: byStatus(finals.map((status) => ({ at: 0, status, ms: 0 }))),
    stuck: Number(stuck[0]?.n ?? 0),
    orphanedOnChain,
    orphanedObjects: stored.filter((key) => !referenced.has(key)).length + temporary.length,
    duplicates,
  };
  figures.crash = crash;
  console.log(
    `kill -9 during ${clients} submissions, ${settleAfterCrashMs / 1000} s later: ${JSON.stringify(crash)}`,
  );
} finally {
  api?.kill("SIGKILL");
  await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
  await sql(databaseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  await rm(storageDir, { recursive: true, force: true });
  await anvil.stop();
}

const phases = ["database", "cache", "chain"].map(
  (name) =>
    figures[name] as { p99OutageMs: number; recoverySeconds: number; errors500: number; unanswered: number },
);
const crash = figures.crash as {
  finalAnswers: Record<string, number>;
  stuck: number;
  orphanedOnChain: number;
  orphanedObjects: number;
  duplicates: number;
};
const summary = {
  benchmark: "faults",
  clients,
  outageSeconds: outageMs / 1000,
  ...figures,
  targets,
  meetsTargets:
    phases.every(
      (phase) =>
        phase.errors500 === 0 &&
        phase.unanswered === 0 &&
        phase.p99OutageMs < targets.p99OutageMs &&
        phase.recoverySeconds < targets.recoverySeconds,
    ) &&
    // Every submission cut by the crash ends created (201), retried with its idempotency key: none refused or lost.
    crash.finalAnswers["201"] === clients &&
    crash.stuck === 0 &&
    crash.orphanedOnChain === 0 &&
    crash.orphanedObjects === 0 &&
    crash.duplicates === 0,
};
console.log(JSON.stringify(summary));
process.exit(0);
