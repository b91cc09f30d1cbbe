import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { syncInvestments } from "../src/chain/crop-sync";
import { ChainHookRegistry } from "../src/chain/hooks/registry";
import type { ChainIndexer } from "../src/chain/indexer/indexer";
import type { ChainRuntime } from "../src/chain/runtime";
import { gameChainHooks } from "../src/services/game/hooks";
import {
  countingHooks,
  dumpIndex,
  type FarmChain,
  FarmDriver,
  gold,
  indexBackends,
  indexerFor,
  resetIndex,
  startFarmChain,
  type Wallet,
} from "./chain-fixture";

describe.each(indexBackends)("event indexer (anvil + $name)", { timeout: 120_000 }, (backend) => {
  let farm: FarmChain;
  let driver: FarmDriver;
  let farmer: Wallet;
  let alice: Wallet;
  let bob: Wallet;
  let primary: DatabaseConnection;
  let secondary: DatabaseConnection;
  const open: DatabaseConnection[] = [];

  beforeAll(async () => {
    [farm, primary, secondary] = await Promise.all([startFarmChain(), backend.open(), backend.open()]);
    open.push(primary, secondary);
    driver = new FarmDriver(farm);
    farmer = farm.wallet(anvilKeys[2]);
    alice = farm.wallet(anvilKeys[3]);
    bob = farm.wallet(anvilKeys[4]);
  }, 180_000);

  const running: ChainIndexer[] = [];
  /** An indexer that is stopped (and its lock released) after the test. */
  const indexer = (
    ...args: Parameters<typeof indexerFor> extends [unknown, ...infer Rest] ? Rest : never
  ) => {
    const created = indexerFor(farm, ...args);
    running.push(created);
    return created;
  };

  beforeEach(async () => {
    await Promise.all([resetIndex(primary.db), resetIndex(secondary.db)]);
  });

  afterEach(async () => {
    for (const created of running.splice(0)) await created.stop();
  });

  afterAll(async () => {
    for (const connection of open) await connection.close();
    await farm?.stop();
  });

  it("folds a whole invoice lifecycle into invoices, investments, positions, repayments, harvests and claims", async () => {
    const db = primary.db;
    const seen: string[] = [];
    const hooks = new ChainHookRegistry();
    hooks.register({
      onInvestmentsIndexed: async (_tx, investments) => {
        for (const investment of investments) seen.push(`invest:${investment.investor}:${investment.amount}`);
      },
      onHarvestsIndexed: async (_tx, harvests) => {
        for (const harvest of harvests)
          seen.push(`harvest:${harvest.holder}:${harvest.principal}:${harvest.yield}`);
      },
    });
    const tokenId = await driver.openInvoice(farmer.account.address, gold(1000n), {
      yieldBps: 200,
      tenorDays: 30,
    });
    await driver.invest(alice, tokenId, gold(600n));
    await driver.invest(bob, tokenId, gold(400n));
    await driver.claimFaucet(alice);
    await driver.repayInFull(farmer, tokenId);
    await driver.passDays(31);
    await driver.harvest(alice, tokenId);

    const result = await indexer(db, { hooks }).syncOnce();
    expect(result.leader).toBe(true);
    expect(result.indexed).toBe(result.head);

    const [invoice] = await queryRows<Record<string, string>>(
      db,
      sql`select status, funded::text, repaid::text, farmer, funded_at is not null as has_funded_at
          from chain_invoices where token_id = ${tokenId.toString()}`,
    );
    expect(invoice).toMatchObject({
      status: "repaid",
      funded: gold(1000n).toString(),
      repaid: gold(1020n).toString(),
      farmer: farmer.account.address,
      has_funded_at: true,
    });
    const positions = await queryRows<{ holder: string; shares: string }>(
      db,
      sql`select holder, shares::text from chain_positions where token_id = ${tokenId.toString()} order by holder`,
    );
    expect(Object.fromEntries(positions.map((p) => [p.holder, p.shares]))).toEqual({
      [alice.account.address]: "0",
      [bob.account.address]: gold(400n).toString(),
    });
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*)::int from chain_investments) as investments,
                 (select count(*)::int from chain_harvests) as harvests,
                 (select count(*)::int from chain_repayments) as repayments,
                 (select count(*)::int from chain_faucet_claims) as claims,
                 (select count(*)::int from chain_vault_flows where kind = 'withdrawn') as withdrawals`,
    );
    expect(counts).toEqual({ investments: 2, harvests: 1, repayments: 1, claims: 1, withdrawals: 1 });
    // GOLD's ERC-20 Transfer and Approval logs are read (and counted) but get no chain_events row (decision 0064), nor
    // does Invested, whose row is chain_investments (decision 0065).
    const [stored] = await queryRows<{ gold: number; invested: number; rows: number }>(
      db,
      sql`select count(*) filter (where contract = 'goldToken' and event_name in ('Transfer', 'Approval'))::int as gold,
                 count(*) filter (where event_name = 'Invested')::int as invested,
                 count(*)::int as rows
          from chain_events`,
    );
    expect(stored?.gold).toBe(0);
    expect(stored?.invested).toBe(0);
    expect(result.events).toBeGreaterThan(stored?.rows ?? 0);
    expect(seen).toEqual([
      `invest:${alice.account.address}:${gold(600n)}`,
      `invest:${bob.account.address}:${gold(400n)}`,
      `harvest:${alice.account.address}:${gold(600n)}:${gold(12n)}`,
    ]);
  });

  it("resumes after a restart and ends with the same rows as one uninterrupted run from block 0", async () => {
    const restarted = primary.db;
    // Each run is a new process: a fresh indexer on the same database, stopped before the next starts.
    const runOnce = async (blockRange: number) => {
      const run = indexer(restarted, { blockRange });
      const result = await run.syncOnce();
      await run.stop();
      return result;
    };
    await runOnce(3);
    const tokenId = await driver.openInvoice(farmer.account.address, gold(500n));
    await driver.invest(alice, tokenId, gold(200n));
    await runOnce(3);
    await driver.invest(bob, tokenId, gold(300n));
    const last = await runOnce(7);

    const fresh = secondary.db;
    const whole = await indexer(fresh, { blockRange: 10_000 }).syncOnce();
    expect(whole.indexed).toBe(last.indexed);
    expect(await dumpIndex(restarted)).toEqual(await dumpIndex(fresh));
    expect((await dumpIndex(fresh)).chain_investments?.length).toBeGreaterThanOrEqual(4);
  });

  it("rolls a reorg back to the common ancestor and keeps no trace of the dropped events", async () => {
    const db = primary.db;
    const following = indexer(db);
    const tokenId = await driver.openInvoice(farmer.account.address, gold(900n));
    const other = await driver.openInvoice(farmer.account.address, gold(900n));
    // An investment before the common ancestor: the rollback folds it back into the invoice from chain_investments.
    await driver.invest(bob, tokenId, gold(200n));
    await following.syncOnce();
    const snapshot = await farm.testClient.snapshot();
    const droppedTx = await driver.invest(alice, tokenId, gold(300n));
    await following.syncOnce();
    const dropped = await queryRows<{ id: string }>(
      db,
      sql`select id from chain_investments where tx_hash = ${droppedTx.toLowerCase()} or tx_hash = ${droppedTx}`,
    );
    expect(dropped).toHaveLength(1);

    await farm.testClient.revert({ id: snapshot });
    // The other branch: more blocks than the dropped one, and a different investment.
    await farm.testClient.mine({ blocks: 3 });
    await driver.invest(bob, other, gold(100n));
    const result = await following.syncOnce();
    expect(result.reorgAncestor).not.toBeNull();

    const after = await dumpIndex(db);
    expect(JSON.stringify(after)).not.toContain(droppedTx.toLowerCase());
    expect(JSON.stringify(after)).not.toContain(droppedTx);
    const fresh = secondary.db;
    await indexer(fresh).syncOnce();
    expect(after).toEqual(await dumpIndex(fresh));
    const [invoice] = await queryRows<{ funded: string }>(
      db,
      sql`select funded::text from chain_invoices where token_id = ${tokenId.toString()}`,
    );
    expect(invoice?.funded).toBe(gold(200n).toString());
  });

  it("folds credentials from their events and rebuilds a wallet's credential when a reorg drops some", async () => {
    const db = primary.db;
    const following = indexer(db);
    const carol = privateKeyToAccount(anvilKeys[6]).address;
    const write = async (functionName: "setCredential" | "setFrozen", args: readonly unknown[]) =>
      waitForReceipt(farm.publicClient, {
        hash: await farm.admin.writeContract({
          address: farm.deployment.farmNft,
          abi: farmNftAbi,
          functionName,
          args,
        } as Parameters<typeof farm.admin.writeContract>[0]),
      });
    const credential = async () =>
      (await dumpIndex(db)).chain_credentials?.find((row) => row.startsWith(`(${carol},`));
    await write("setCredential", [carol, 1, 4_000_000_000, gold(50n)]);
    await following.syncOnce();
    const snapshot = await farm.testClient.snapshot();
    await write("setCredential", [carol, 2, 4_000_000_000, gold(900n)]);
    await write("setFrozen", [carol, true]);
    await following.syncOnce();
    expect(await credential()).toMatch(new RegExp(`^\\(${carol},2,4000000000,t,${gold(900n)},\\d+\\)$`));
    await farm.testClient.revert({ id: snapshot });
    await farm.testClient.mine({ blocks: 3 });
    await write("setCredential", [carol, 1, 4_000_000_000, gold(70n)]);
    expect((await following.syncOnce()).reorgAncestor).not.toBeNull();
    expect(await credential()).toMatch(new RegExp(`^\\(${carol},1,4000000000,f,${gold(70n)},\\d+\\)$`));
    await indexer(secondary.db).syncOnce();
    expect(await dumpIndex(db)).toEqual(await dumpIndex(secondary.db));
  });

  describe("XP of dropped events", () => {
    let now = new Date("2026-03-01T08:00:00.000Z");
    const hooks = new ChainHookRegistry();
    hooks.register(gameChainHooks(() => now));
    const chainRuntime = (): ChainRuntime => {
      const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
      return {
        chainId: farm.anvil.chainId,
        publicClient: farm.publicClient,
        operator: null,
        addresses: { goldToken, goldFaucet, farmNft, farmVault },
        hooks,
        indexer: null,
      };
    };
    const cropSync = (wallet: Wallet, txHash: Hash) =>
      syncInvestments(primary.db, chainRuntime(), wallet.account.address, txHash);
    const player = async (wallet: Wallet) => {
      const address = wallet.account.address;
      const [row] = await queryRows<{ xp: number; level: number; invested: string }>(
        primary.db,
        sql`select xp, level, invested::text from players where address = ${address}`,
      );
      const grants = await queryRows<{ event_key: string; granted_at: string }>(
        primary.db,
        sql`select event_key, granted_at::text from xp_grants where address = ${address} order by event_key`,
      );
      const levelUps = await queryRows<{ level: number; reached_at: string }>(
        primary.db,
        sql`select level, reached_at::text from level_ups where address = ${address} order by level`,
      );
      return {
        ...(row ?? { xp: 0, level: 1, invested: "0" }),
        grants: grants.length,
        levelUps: levelUps.map((l) => l.level),
        grantRows: grants,
        levelUpRows: levelUps,
      };
    };
    /**
     * Sets a player (created by the indexer's grants for earlier tests' plantings, or new) 15 XP short of level 2, so
     * one planting (+25) lifts them there; returns their other figures to compare against.
     */
    const nearLevelTwo = async (wallet: Wallet) => {
      const address = wallet.account.address;
      await primary.db.execute(
        sql`insert into players (address, xp, level, water, water_day) values (${address}, 35, 1, 3, 0)
            on conflict (address) do update set xp = 35, level = 1`,
      );
      await primary.db.execute(sql`delete from level_ups where address = ${address}`);
      return player(wallet);
    };
    const plus = (amount: string, more: bigint) => (BigInt(amount) + more).toString();

    beforeEach(async () => {
      await primary.db.execute(sql`truncate players, xp_grants, level_ups`);
    });

    it("takes back the planting XP, invested score and level-up of investments a reorg drops, crop-synced ones too", async () => {
      const following = indexer(primary.db, { hooks });
      const tokenId = await driver.openInvoice(farmer.account.address, gold(900n));
      await following.syncOnce();
      const alice0 = await nearLevelTwo(alice);
      const bob0 = await player(bob);
      const snapshot = await farm.testClient.snapshot();
      await driver.invest(alice, tokenId, gold(300n));
      await following.syncOnce();
      expect(await player(alice)).toMatchObject({
        xp: 60,
        level: 2,
        invested: plus(alice0.invested, gold(300n)),
        grants: alice0.grants + 1,
        levelUps: [2],
      });
      // Alice fills the bigger tank of level 2 (110) before the reorg takes the level away.
      await primary.db.execute(sql`update players set water = 110 where address = ${alice.account.address}`);
      // Bob's planting reaches the crop sync, not the indexer, before the chain drops it.
      await cropSync(bob, await driver.invest(bob, tokenId, gold(100n)));
      expect(await player(bob)).toMatchObject({ xp: bob0.xp + 25, grants: bob0.grants + 1 });

      await farm.testClient.revert({ id: snapshot });
      await farm.testClient.mine({ blocks: 3 });
      await driver.invest(bob, tokenId, gold(50n));
      const result = await following.syncOnce();
      expect(result.reorgAncestor).not.toBeNull();

      expect(await player(alice)).toEqual(alice0);
      const [tank] = await queryRows<{ water: number }>(
        primary.db,
        sql`select water from players where address = ${alice.account.address}`,
      );
      expect(tank?.water).toBe(100);
      // Only bob's planting on the new chain counts.
      expect(await player(bob)).toMatchObject({
        xp: bob0.xp + 25,
        invested: plus(bob0.invested, gold(50n)),
        grants: bob0.grants + 1,
      });
    });

    it("takes back the harvest XP and yield score of a harvest a reorg drops", async () => {
      const following = indexer(primary.db, { hooks });
      const yieldEarned = async () => {
        const [row] = await queryRows<{ earned: string }>(
          primary.db,
          sql`select yield_earned::text as earned from players where address = ${alice.account.address}`,
        );
        return BigInt(row?.earned ?? "0");
      };
      const tokenId = await driver.openInvoice(farmer.account.address, gold(500n), {
        yieldBps: 200,
        tenorDays: 30,
      });
      await driver.invest(alice, tokenId, gold(500n));
      await driver.repayInFull(farmer, tokenId);
      await following.syncOnce();
      const before = await player(alice);
      const earnedBefore = await yieldEarned();
      const snapshot = await farm.testClient.snapshot();
      await driver.passDays(31);
      await driver.harvest(alice, tokenId);
      await following.syncOnce();
      expect(await player(alice)).toMatchObject({ xp: before.xp + 50, grants: before.grants + 1 });
      expect(await yieldEarned()).toBe(earnedBefore + gold(10n));

      await farm.testClient.revert({ id: snapshot });
      await farm.testClient.mine({ blocks: 3 });
      expect((await following.syncOnce()).reorgAncestor).not.toBeNull();
      expect(await player(alice)).toEqual(before);
      expect(await yieldEarned()).toBe(earnedBefore);
    });

    it("takes back a crop sync's grant for a planting the chain dropped before the indexer saw it, and keeps the grant of one it still holds", async () => {
      const following = indexer(primary.db, { hooks });
      const tokenId = await driver.openInvoice(farmer.account.address, gold(900n));
      await following.syncOnce();
      const alice0 = await player(alice);
      const snapshot = await farm.testClient.snapshot();
      await cropSync(alice, await driver.invest(alice, tokenId, gold(200n)));
      expect(await player(alice)).toMatchObject({ xp: alice0.xp + 25, grants: alice0.grants + 1 });

      await farm.testClient.revert({ id: snapshot });
      await farm.testClient.mine({ blocks: 3 });
      await nearLevelTwo(bob);
      await cropSync(bob, await driver.invest(bob, tokenId, gold(70n)));
      const synced = await player(bob);
      expect(synced).toMatchObject({ xp: 60, level: 2, levelUps: [2] });

      // The cursor's block is still on the chain: no reorg shows there, the rows ahead of it are what went.
      now = new Date("2026-03-01T09:00:00.000Z");
      const result = await following.syncOnce();
      expect(result.reorgAncestor).toBeNull();
      expect(await player(alice)).toEqual(alice0);
      // Bob's synced planting is on the chain: its grant and level-up stay as the sync made them, not re-made.
      expect(await player(bob)).toEqual(synced);
    });
  });

  it("lets only one of two indexers on the same database index, and each event is applied once", async () => {
    const db = primary.db;
    const { hooks, applied } = countingHooks();
    const a = indexer(db, { hooks, blockRange: 2 });
    const b = indexer(db, { hooks, blockRange: 2 });
    // The hooks hear each poll's start and end, from the leader only (the notifications read the chain's clock then).
    const polls: string[] = [];
    hooks.register({ onPollStarted: () => polls.push("started"), onPollEnded: () => polls.push("ended") });
    const [ra, rb] = await Promise.all([a.syncOnce(), b.syncOnce()]);
    expect([ra.leader, rb.leader].sort()).toEqual([false, true]);
    expect(polls).toEqual(["started", "ended"]);
    await a.stop();
    await b.stop();
    expect(applied.size).toBeGreaterThan(0);
    expect([...applied.values()].every((count) => count === 1)).toBe(true);
  });

  it("stays the configured number of confirmations behind the head", async () => {
    const db = primary.db;
    const result = await indexer(db, { confirmations: 2 }).syncOnce();
    expect(result.indexed).toBe(result.head - 2);
  });
});
