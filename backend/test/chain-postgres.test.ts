import { farmNftAbi } from "@farm/contracts";
import { anvilKeys, testDatabaseUrl } from "@farm/testkit";
import { keccak256, sha256, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAdvisoryXactLock } from "../src/adapters/db/advisory-lock";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import type { Database } from "../src/adapters/db/database";
import { createChainClients } from "../src/chain/adapter";
import { syncInvestments } from "../src/chain/crop-sync";
import { ChainHookRegistry } from "../src/chain/hooks/registry";
import { pgClientOf } from "../src/chain/indexer/bulk";
import type { ChainIndexer } from "../src/chain/indexer/indexer";
import { PostgresAdvisoryLock } from "../src/chain/indexer/lock";
import { operatorNonceLockKey } from "../src/chain/plugin";
import type { ChainRuntime } from "../src/chain/runtime";
import {
  countingHooks,
  dumpIndex,
  type FarmChain,
  FarmDriver,
  gold,
  indexerFor,
  startFarmChain,
} from "./chain-fixture";
import { createTestDatabase } from "./helpers";

const lockKey = 7_236_129_999;

describe.runIf(testDatabaseUrl)("event indexer on PostgreSQL", { timeout: 180_000 }, () => {
  let farm: FarmChain;
  const drops: (() => Promise<void>)[] = [];
  const connections: DatabaseConnection[] = [];

  const database = async () => {
    const created = await createTestDatabase();
    drops.push(created.drop);
    return created.url;
  };
  const connect = async (url: string) => {
    const connection = await connectDatabase({ databaseUrl: url, dataDir: "unused", poolSize: 4 });
    connections.push(connection);
    return connection.db;
  };

  beforeAll(async () => {
    farm = await startFarmChain();
  }, 180_000);

  afterAll(async () => {
    for (const connection of connections) await connection.close();
    for (const drop of drops) await drop();
    await farm?.stop();
  });

  it("two backend instances on one database index each event exactly once, equal to a single indexer", async () => {
    const url = await database();
    const [first, second] = await Promise.all([connect(url), connect(url)]);
    const { hooks, applied } = countingHooks();
    const instance = (db: typeof first): ChainIndexer =>
      indexerFor(farm, db, {
        hooks,
        blockRange: 3,
        pollIntervalMs: 50,
        lock: new PostgresAdvisoryLock(url, lockKey),
      });
    const a = instance(first);
    const b = instance(second);
    a.start();
    b.start();
    try {
      const driver = new FarmDriver(farm);
      const farmer = farm.wallet(anvilKeys[2]);
      const investors = [3, 4, 5, 6].map((n) => farm.wallet(anvilKeys[n] as `0x${string}`));
      const tokenId = await driver.openInvoice(farmer.account.address, gold(1000n));
      for (const [n, investor] of investors.entries())
        await driver.invest(investor, tokenId, gold(100n * BigInt(n + 1)));
      const head = Number(await farm.publicClient.getBlockNumber({ cacheTime: 0 }));
      const deadline = Date.now() + 60_000;
      while (((await a.indexedBlock()) ?? 0) < head && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await b.indexedBlock()).toBe(head);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(applied.size).toBe(4);
    expect([...applied.values()]).toEqual([1, 1, 1, 1]);

    const single = await connect(await database());
    const alone = indexerFor(farm, single, { lock: new PostgresAdvisoryLock(url, lockKey + 1) });
    await alone.syncOnce();
    await alone.stop();
    expect(await dumpIndex(first)).toEqual(await dumpIndex(single));
  });

  it("appends fresh blocks with COPY, replacing what a crop sync recorded ahead of the cursor", async () => {
    const url = await database();
    const db = await connect(url);
    // The COPY path needs the node-postgres client under Drizzle's transaction (else the json path is used).
    expect(await db.transaction(async (tx) => pgClientOf(tx) !== null)).toBe(true);
    const indexer = indexerFor(farm, db, { lock: new PostgresAdvisoryLock(url, lockKey + 3) });
    const driver = new FarmDriver(farm);
    const investor = farm.wallet(anvilKeys[7]);
    const tokenId = await driver.openInvoice(farm.wallet(anvilKeys[2]).account.address, gold(500n));
    await indexer.syncOnce();
    const txHash = await driver.invest(investor, tokenId, gold(120n));
    const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
    const chain: ChainRuntime = {
      chainId: farm.anvil.chainId,
      publicClient: farm.publicClient,
      operator: null,
      addresses: { goldToken, goldFaucet, farmNft, farmVault },
      hooks: new ChainHookRegistry(),
      indexer: null,
    };
    await syncInvestments(db, chain, investor.account.address, txHash);
    await driver.invest(investor, tokenId, gold(30n));
    await indexer.syncOnce();
    await indexer.stop();

    const single = await connect(await database());
    const alone = indexerFor(farm, single, { lock: new PostgresAdvisoryLock(url, lockKey + 4) });
    await alone.syncOnce();
    await alone.stop();
    const dump = await dumpIndex(db);
    expect(dump).toEqual(await dumpIndex(single));
    expect(dump.chain_positions?.filter((row) => row.includes(investor.account.address))).toEqual([
      `(${tokenId},${investor.account.address},${gold(150n)})`,
    ]);
  });

  it("hands the lock to a waiting instance when the leader stops", async () => {
    const url = await database();
    const db = await connect(url);
    const leader = indexerFor(farm, db, { lock: new PostgresAdvisoryLock(url, lockKey + 2) });
    const follower = indexerFor(farm, db, { lock: new PostgresAdvisoryLock(url, lockKey + 2) });
    expect((await leader.syncOnce()).leader).toBe(true);
    expect((await follower.syncOnce()).leader).toBe(false);
    await leader.stop();
    expect((await follower.syncOnce()).leader).toBe(true);
    await follower.stop();
  });

  it("two instances signing with one operator key on one database never reuse a nonce", async () => {
    const url = await database();
    const [first, second] = await Promise.all([connect(url), connect(url)]);
    const a = operatorOn(first);
    const b = operatorOn(second);
    // Interleaved: after b's send, a's own count of its next nonce is stale.
    for (const operator of [a, b, a]) await operator.confirm(await operator.send(await submission()));
    // And both at once, many times over.
    const writes = await Promise.all(Array.from({ length: 12 }, () => submission()));
    const hashes = await Promise.all(writes.map((write, n) => (n % 2 === 0 ? a : b).send(write)));
    const receipts = await Promise.all(hashes.map((hash) => a.confirm(hash)));
    expect(receipts.every((receipt) => receipt.status === "success")).toBe(true);
    const nonces = await Promise.all(
      hashes.map(async (hash) => (await farm.publicClient.getTransaction({ hash })).nonce),
    );
    expect(new Set(nonces).size).toBe(12);
  });

  it("without the shared lock the same interleaving reuses a mined nonce, which the node refuses and a sends again", async () => {
    const a = operatorOn(undefined);
    const b = operatorOn(undefined);
    const first = await a.send(await submission());
    await a.confirm(first);
    await b.confirm(await b.send(await submission()));
    // a counts one past its own first write; b mined that nonce. The node refuses it (nothing is sent), and a sends at
    // the node's count. What the lock prevents is the same nonce twice while both are pending: a node with a pool would
    // take the second as a replacement of the first.
    const again = await a.send(await submission());
    await a.confirm(again);
    const nonces = await Promise.all(
      [first, again].map(async (hash) => (await farm.publicClient.getTransaction({ hash })).nonce),
    );
    expect(nonces[1]).toBe(nonces[0]! + 2);
  });

  /** An operator of one backend instance: its own clients, and the nonce lock on its own database connection. */
  function operatorOn(db: Database | undefined) {
    const { operator } = createChainClients({
      rpcUrl: farm.anvil.rpcUrl,
      chainId: farm.anvil.chainId,
      operatorPrivateKey: anvilKeys[1],
      nonceLock: db && {
        hold: (send) => withAdvisoryXactLock(db, operatorNonceLockKey(farm.anvil.chainId), send),
      },
    });
    if (!operator) throw new Error("no operator");
    return operator;
  }

  let references = 0;
  async function submission() {
    const { timestamp } = await farm.publicClient.getBlock();
    references += 1;
    return {
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "submitInvoice",
      args: [
        farm.wallet(anvilKeys[2]).account.address,
        gold(100n),
        200,
        30,
        timestamp + 14n * 86_400n,
        keccak256(toHex(`nonce-test-${references}`)),
        sha256(toHex(`nonce-test-document-${references}`)),
      ],
    } as const;
  }
});
