import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/indexer/db";
import { ChainHookRegistry } from "../src/indexer/hooks";
import type { ChainIndexer } from "../src/indexer/indexer";
import {
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
      onInvestmentIndexed: async (_tx, investment) => {
        seen.push(`invest:${investment.investor}:${investment.amount}`);
      },
      onHarvestIndexed: async (_tx, harvest) => {
        seen.push(`harvest:${harvest.holder}:${harvest.principal}:${harvest.yield}`);
      },
    });
    const tokenId = await driver.openInvoice(farmer.account.address, gold(1000n), {
      yieldBps: 1000,
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
      repaid: gold(1100n).toString(),
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
    expect(seen).toEqual([
      `invest:${alice.account.address}:${gold(600n)}`,
      `invest:${bob.account.address}:${gold(400n)}`,
      `harvest:${alice.account.address}:${gold(600n)}:${gold(60n)}`,
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
    await driver.invest(bob, tokenId, gold(100n));
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
    expect(invoice?.funded).toBe(gold(100n).toString());
  });

  it("lets only one of two indexers on the same database index, and each event is applied once", async () => {
    const db = primary.db;
    const applied = new Map<string, number>();
    const hooks = new ChainHookRegistry();
    hooks.register({
      onInvestmentIndexed: async (_tx, investment) => {
        applied.set(investment.id, (applied.get(investment.id) ?? 0) + 1);
      },
    });
    const a = indexer(db, { hooks, blockRange: 2 });
    const b = indexer(db, { hooks, blockRange: 2 });
    const [ra, rb] = await Promise.all([a.syncOnce(), b.syncOnce()]);
    expect([ra.leader, rb.leader].sort()).toEqual([false, true]);
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
