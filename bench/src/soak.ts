/**
 * The soak: two backend instances (real server.ts processes) on one PostgreSQL, Redis, storage folder and anvil chain,
 * under mixed traffic for SOAK_MINUTES (default 10; SOAK_SECONDS overrides): sign-ins, reads, waterings and invoice
 * submissions over HTTP, and on the chain the submitted invoices approved, funded, repaid, matured and harvested.
 * Prints per quarter each instance's resident memory and event-loop delay (p99 of each second, averaged), the 5xx
 * count, and rows lost or duplicated once the index has caught up. Targets: memory and event-loop delay of the last
 * quarter within 1.2x of the second, zero 5xx, nothing lost or duplicated. The last line is one JSON object.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deployFarm } from "@farm/contracts";
import { anvilChain, anvilKeys, getFreePort, signInOverHttp, startAnvil } from "@farm/testkit";
import pg from "pg";
import { createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { benchDatabase, benchRedisUrl, queryOnce, startBackend } from "./backend-process";
import { soakChain } from "./soak-chain";
import { soakTraffic } from "./soak-traffic";

const seconds = Number(process.env.SOAK_SECONDS ?? Number(process.env.SOAK_MINUTES ?? 10) * 60);
const origin = "http://localhost:5173";
const targets = { flatRatio: 1.2 };

// --- chain, database, two instances ---------------------------------------------------------------------------------
const anvil = await startAnvil();
const publicClient = createPublicClient({ chain: anvilChain(anvil), transport: http(anvil.rpcUrl) });
const deployment = await deployFarm({
  publicClient,
  walletClient: createWalletClient({
    chain: anvilChain(anvil),
    transport: http(anvil.rpcUrl),
    account: privateKeyToAccount(anvilKeys[0]),
  }),
  operator: privateKeyToAccount(anvilKeys[1]).address,
});
const database = benchDatabase("farm_soak");
await queryOnce(`CREATE DATABASE ${database.name}`);
const work = await mkdtemp(join(tmpdir(), "farm-soak-"));
// Each backend loads the probe (resident memory and event-loop delay every second) before server.ts.
process.env.BENCH_NODE_ARGS = `--import ${fileURLToPath(new URL("./soak-probe.mjs", import.meta.url))}`;
const env = {
  REDIS_URL: benchRedisUrl,
  STORAGE_DIR: join(work, "storage"),
  RPC_URL: anvil.rpcUrl,
  CHAIN_ID: String(anvil.chainId),
  GOLD_TOKEN_ADDRESS: deployment.goldToken,
  GOLD_FAUCET_ADDRESS: deployment.goldFaucet,
  FARM_NFT_ADDRESS: deployment.farmNft,
  FARM_VAULT_ADDRESS: deployment.farmVault,
  INDEXER_START_BLOCK: String(deployment.blockNumber),
  INDEXER_ENABLED: "true",
  INDEXER_POLL_INTERVAL_MS: "500",
  OPERATOR_PRIVATE_KEY: anvilKeys[1],
  ENCRYPTION_KEY: "d4".repeat(32),
  REQUEST_LOGGING: "false",
  DB_POOL_SIZE: "10",
};
const ports = [await getFreePort(), await getFreePort()];
const instances = await Promise.all(
  ports.map((port, n) =>
    startBackend(port, database.url, { ...env, SOAK_PROBE_FILE: join(work, `probe-${n}.jsonl`) }),
  ),
);
const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();

// --- who takes part ---------------------------------------------------------------------------------------------------
const investorKeys = [3, 4, 5, 6, 7, 8].map((n) => anvilKeys[n]!) as Hex[];
const farmerKeys = Array.from({ length: 3 }, () => `0x${randomBytes(32).toString("hex")}` as Hex);
for (const key of farmerKeys) {
  await sql.query(
    `insert into farmers (wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street,
       province, city, district, postal_code, business_name, business_type, npwp_encrypted, bank_name,
       bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
     values ($1, 'approved', 'Soak Farmer', 'x', 'soak@example.id', '+620000', '1980-01-01', 'Jl. 1', 'Jawa Barat',
       'Bandung', 'Cibiru', '40614', 'Soak Farm', 'individual', 'x', 'BRI', 'x', 'Soak Farmer', '["rice"]', 1, 1)`,
    [privateKeyToAccount(key).address],
  );
}
const signIn = (key: Hex, n: number) =>
  signInOverHttp({
    apiUrl: apiUrls[n % 2]!,
    origin,
    chainId: anvil.chainId,
    account: privateKeyToAccount(key),
  });
const chain = soakChain(anvil, deployment);
await chain.prepare(investorKeys);
const traffic = soakTraffic({
  apiUrls,
  origin,
  investors: await Promise.all(investorKeys.map(async (key, n) => ({ key, cookie: await signIn(key, n) }))),
  farmers: await Promise.all(farmerKeys.map(async (key, n) => ({ key, cookie: await signIn(key, n) }))),
  signIn,
  chain,
});

// --- the run ------------------------------------------------------------------------------------------------------------
const started = Date.now();
process.stdout.write(`soak: ${seconds} s of mixed traffic against 2 instances\n`);
// A failure mid-run must not leave the instances and anvil running.
process.once("exit", () => {
  for (const instance of instances) instance.kill("SIGKILL");
  anvil.process.kill("SIGKILL");
});
await traffic.run(started + seconds * 1000);
const ran = (Date.now() - started) / 1000;

// The index catches up, then nothing may be missing or doubled.
const head = await chain.head();
const deadline = Date.now() + 60_000;
while (Date.now() < deadline) {
  const { rows } = await sql.query<{ last: string }>("select last_block::text as last from indexer_cursor");
  if (Number(rows[0]?.last ?? 0) >= head) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const count = async (query: string) => Number((await sql.query<{ n: string }>(query)).rows[0]?.n ?? 0);
const done = traffic.done;
const rows = {
  invoices: await count("select count(*) as n from invoices"),
  chainInvoices: await count("select count(*) as n from chain_invoices"),
  investments: await count("select count(*) as n from chain_investments"),
  harvests: await count("select count(*) as n from chain_harvests"),
  waterings: await count("select count(*) as n from waterings"),
  xpGrants: await count("select count(*) as n from xp_grants"),
  duplicateInvoices: await count(
    "select count(*) as n from (select farmer_id, invoice_number from invoices group by 1, 2 having count(*) > 1) d",
  ),
};
const lost = {
  invoices: done.submissions - rows.invoices,
  chainInvoices: done.submissions - rows.chainInvoices,
  investments: done.investments - rows.investments,
  harvests: done.harvests - rows.harvests,
  waterings: done.waterings - rows.waterings,
  xpGrants: done.investments + done.harvests - rows.xpGrants,
};
const lostRows = Object.values(lost).reduce((sum, n) => sum + Math.max(n, 0), 0);
const duplicatedRows =
  rows.duplicateInvoices + Object.values(lost).reduce((sum, n) => sum + Math.max(-n, 0), 0);

// --- figures per quarter ----------------------------------------------------------------------------------------------
interface ProbeSample {
  at: number;
  rssMb: number;
  p99Ms: number;
}
const quarters = await Promise.all(
  [0, 1].map(async (n) => {
    const samples = (await readFile(join(work, `probe-${n}.jsonl`), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ProbeSample)
      .filter((s) => s.at >= started && s.at <= started + ran * 1000);
    const quarterMs = (ran * 1000) / 4;
    return [0, 1, 2, 3].map((q) => {
      const inQuarter = samples.filter((s) => Math.min(3, Math.floor((s.at - started) / quarterMs)) === q);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
      return {
        rssMb: Math.round(mean(inQuarter.map((s) => s.rssMb))),
        eventLoopP99Ms: Math.round(mean(inQuarter.map((s) => s.p99Ms)) * 10) / 10,
      };
    });
  }),
);
for (const [n, instance] of quarters.entries()) {
  for (const [q, figures] of instance.entries())
    process.stdout.write(
      `instance ${n + 1} quarter ${q + 1}: resident ${figures.rssMb} MB, event-loop delay p99 ${figures.eventLoopP99Ms} ms\n`,
    );
}
const ratio = (f: (q: (typeof quarters)[0][0]) => number) =>
  Math.max(...quarters.map((instance) => f(instance[3]!) / Math.max(f(instance[1]!), 0.001)));
const memoryRatio = Math.round(ratio((q) => q.rssMb) * 100) / 100;
const delayRatio = Math.round(ratio((q) => q.eventLoopP99Ms) * 100) / 100;
process.stdout.write(
  `requests ${traffic.requests}, 5xx ${traffic.serverErrors}, by kind ${JSON.stringify(traffic.byKind)}\n` +
    `done ${JSON.stringify(done)}; rows ${JSON.stringify(rows)}; lost ${lostRows}, duplicated ${duplicatedRows}\n` +
    `last quarter / second: memory x${memoryRatio}, event-loop delay x${delayRatio}\n`,
);
const met = {
  memoryFlat: memoryRatio <= targets.flatRatio,
  eventLoopFlat: delayRatio <= targets.flatRatio,
  no5xx: traffic.serverErrors === 0,
  nothingLostOrDuplicated: lostRows === 0 && duplicatedRows === 0,
};

await sql.end();
for (const instance of instances) instance.kill("SIGTERM");
await new Promise((resolve) => setTimeout(resolve, 1_000));
await queryOnce(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
await anvil.stop();
await rm(work, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    benchmark: "soak",
    instances: 2,
    seconds: Math.round(ran),
    requests: traffic.requests,
    serverErrors: traffic.serverErrors,
    byKind: traffic.byKind,
    done,
    rows,
    lostRows,
    duplicatedRows,
    quarters,
    memoryRatio,
    delayRatio,
    targets,
    met,
  })}\n`,
);
process.exit(Object.values(met).every(Boolean) ? 0 : 1);
