import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anvilKeys, testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../src/adapters/db/connect";
import { platformChainHooks } from "../../src/chain/hooks/platform";
import { chainDigests } from "../../src/commands/index-digest";
import { chainClockOf, defaultHistoryCutoffMs } from "../../src/notifications/hooks";
import { startSendingOnly } from "../../src/notifications/jobs";
import { type FarmChain, FarmDriver, gold, indexerFor, startFarmChain } from "../chain-fixture";
import { createTestDatabase, randomAccount, testOrigin } from "../helpers";
import {
  approvedFarmerSql,
  type BackendProcess,
  chainEnv,
  drillInvoiceForm,
  randomClientIp,
  signInOverHttp,
  startBackendProcess,
  stopBackendProcess,
} from "./backend-process";

/** Which instance (by PGAPPNAME) holds the indexer's advisory lock (plugins/chain.ts: 7_236_120_000 + chain id). */
async function indexLeaders(client: pg.Client, chainId: number): Promise<string[]> {
  const key = 7_236_120_000n + BigInt(chainId);
  const { rows } = await client.query<{ name: string }>(
    `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2 and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())`,
    [String(key >> 32n), String(key & 0xffffffffn)],
  );
  return rows.map((row) => row.name);
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(testDatabaseUrl && testRedisUrl)(
  "drill: several instances on one PostgreSQL, Redis, storage and chain",
  () => {
    let farm: FarmChain;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let storageDir: string;
    let watcher: pg.Client;
    const instances: BackendProcess[] = [];

    beforeAll(async () => {
      [farm, database, storageDir] = await Promise.all([
        startFarmChain(),
        createTestDatabase(),
        mkdtemp(join(tmpdir(), "farm-drill-storage-")),
      ]);
      const env = {
        ...chainEnv(farm),
        DATABASE_URL: database.url,
        DB_POOL_SIZE: "5",
        REDIS_URL: testRedisUrl!,
        STORAGE_DIR: storageDir,
        ENCRYPTION_KEY: "11".repeat(32),
        TRUST_PROXY: "true",
        RATE_LIMIT_AUTH_PER_MINUTE: "6",
      };
      // The first migrates; the others start together while it does, as a roll-out would.
      instances.push(
        ...(await Promise.all(["drill-a", "drill-b"].map((name) => startBackendProcess(name, env)))),
      );
      watcher = new pg.Client({ connectionString: database.url });
      await watcher.connect();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map(stopBackendProcess));
      await watcher?.end();
      await database?.drop();
      await farm?.stop();
      if (storageDir) await rm(storageDir, { recursive: true, force: true });
    });

    it("shares sessions, rate limits and operator writes; one indexes; a kill -9 of it hands indexing over within 10 s", async () => {
      const [a, b] = instances as [BackendProcess, BackendProcess];
      // Sessions: the nonce from A, verified by B, the session read on both.
      const farmerAccount = randomAccount();
      await watcher.query(approvedFarmerSql, [farmerAccount.address]);
      const cookie = await signInOverHttp(a.url, b.url, farmerAccount, randomClientIp());
      for (const instance of [a, b]) {
        const reply = await fetch(`${instance.url}/api/auth/session`, { headers: { cookie } });
        expect(reply.status).toBe(200);
        expect(JSON.stringify(await reply.json())).toContain(farmerAccount.address);
      }

      // Rate limits count once: 6 sign-in requests a minute per client, whichever instance answers.
      if (Date.now() % 60_000 > 55_000)
        await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
      const ip = randomClientIp();
      const statuses: number[] = [];
      for (let n = 0; n < 10; n++) {
        const target = n % 2 === 0 ? a : b;
        statuses.push(
          (await fetch(`${target.url}/api/auth/nonce`, { headers: { "x-forwarded-for": ip } })).status,
        );
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(6);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);

      // The operator's writes from both instances at once: every submission lands, no nonce is used twice.
      const submissions = await Promise.all(
        Array.from({ length: 6 }, async (_, n) => {
          const form = drillInvoiceForm(`DRILL-${n}-${randomBytes(3).toString("hex")}`);
          const reply = await fetch(`${(n % 2 === 0 ? a : b).url}/api/invoices`, {
            method: "POST",
            headers: {
              cookie,
              origin: testOrigin,
              ...form.headers,
              "idempotency-key": `drill-${n}-${randomBytes(4).toString("hex")}`,
            },
            body: form.payload,
          });
          return { status: reply.status, body: await reply.text() };
        }),
      );
      expect(submissions.map((s) => s.status)).toEqual(Array(6).fill(201));

      // Exactly one instance holds the indexer lock.
      const leaders = await waitFor(async () => {
        const found = await indexLeaders(watcher, farm.anvil.chainId);
        return found.length > 0 ? found : undefined;
      }, 10_000);
      expect(leaders).toHaveLength(1);
      const leader = instances.find((instance) => instance.name === leaders[0])!;
      const follower = leader === a ? b : a;

      // Chain activity before, during and after a kill -9 of the leader.
      const driver = new FarmDriver(farm);
      const tokenId = await driver.openInvoice(farm.wallet(anvilKeys[2]).account.address, gold(1000n));
      await driver.invest(farm.wallet(anvilKeys[3]), tokenId, gold(100n));
      const killedAt = Date.now();
      leader.child.kill("SIGKILL");
      const investing = (async () => {
        for (const key of [4, 5, 6]) await driver.invest(farm.wallet(anvilKeys[key]!), tokenId, gold(50n));
      })();
      await waitFor(async () => {
        const found = await indexLeaders(watcher, farm.anvil.chainId);
        return found[0] === follower.name ? true : undefined;
      }, 10_000);
      const handoverMs = Date.now() - killedAt;
      expect(await leader.exited).toBe("SIGKILL");
      await investing;
      expect(handoverMs).toBeLessThan(10_000);

      // No event lost or applied twice: the shared index equals a fresh index of the same chain, table by table.
      const head = Number(await farm.publicClient.getBlockNumber({ cacheTime: 0 }));
      await waitFor(async () => {
        const { rows } = await watcher.query<{ last: string }>(
          "select last_block::text as last from indexer_cursor",
        );
        return Number(rows[0]?.last ?? 0) >= head ? true : undefined;
      }, 20_000);
      const shared = await connectDatabase({ databaseUrl: database.url, dataDir: "unused", poolSize: 1 });
      const fresh = await createTestDatabase();
      const freshConnection = await connectDatabase({
        databaseUrl: fresh.url,
        dataDir: "unused",
        poolSize: 2,
      });
      const freshJobs = await startSendingOnly(fresh.url);
      try {
        const alone = indexerFor(farm, freshConnection.db, {
          hooks: platformChainHooks({
            adminAddresses: [],
            emailJobs: freshJobs,
            history: { chainNow: chainClockOf(farm.publicClient), cutoffMs: defaultHistoryCutoffMs },
          }),
        });
        await alone.syncOnce();
        await alone.stop();
        const digests = await chainDigests(shared.db);
        expect(digests.find((d) => d.table === "chain_investments")?.rows).toBe(4);
        expect(digests.find((d) => d.table === "chain_invoices")?.rows).toBe(7);
        expect(digests).toEqual(await chainDigests(freshConnection.db));
      } finally {
        await shared.close();
        await freshJobs.stop();
        await freshConnection.close();
        await fresh.drop();
      }
      process.stdout.write(`${JSON.stringify({ drill: "instances", instances: 2, handoverMs })}\n`);
    }, 90_000);
  },
);
