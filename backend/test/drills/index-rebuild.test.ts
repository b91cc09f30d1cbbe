import { anvilKeys } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../../src/adapters/db/connect";
import { chainDigests, wipeChainIndex } from "../../src/commands/index-digest";
import { ChainHookRegistry } from "../../src/indexer/hooks";
import { gameChainHooks } from "../../src/services/game/hooks";
import {
  type FarmChain,
  FarmDriver,
  gold,
  indexBackends,
  indexerFor,
  startFarmChain,
} from "../chain-fixture";

/** Game hooks on a fixed clock: the season a grant counts in must not depend on the day the test runs. */
export function fixedGameHooks(): ChainHookRegistry {
  const hooks = new ChainHookRegistry();
  hooks.register(gameChainHooks(() => new Date("2026-03-04T08:00:00.000Z")));
  return hooks;
}

/**
 * A realistic stretch of history: two invoices, three investors, a faucet claim, a full repayment, a harvest, and an
 * invoice left partly funded.
 */
export async function playHistory(farm: FarmChain): Promise<void> {
  const driver = new FarmDriver(farm);
  const [farmer, alice, bob, carol] = [2, 3, 4, 5].map((i) => farm.wallet(anvilKeys[i]!)) as [
    ReturnType<FarmChain["wallet"]>,
    ReturnType<FarmChain["wallet"]>,
    ReturnType<FarmChain["wallet"]>,
    ReturnType<FarmChain["wallet"]>,
  ];
  const first = await driver.openInvoice(farmer.account.address, gold(1000n), {
    yieldBps: 1000,
    tenorDays: 30,
  });
  const second = await driver.openInvoice(farmer.account.address, gold(800n));
  await driver.invest(alice, first, gold(600n));
  await driver.invest(bob, first, gold(400n));
  await driver.invest(carol, second, gold(200n));
  await driver.claimFaucet(alice);
  await driver.invest(bob, second, gold(150n));
  await driver.repayInFull(farmer, first);
  await driver.passDays(31);
  await driver.harvest(alice, first);
}

describe.each(indexBackends)(
  "drill: rebuild the index from the chain ($name)",
  { timeout: 120_000 },
  (backend) => {
    let farm: FarmChain;
    let connection: DatabaseConnection;

    beforeAll(async () => {
      [farm, connection] = await Promise.all([startFarmChain(), backend.open()]);
      await playHistory(farm);
    }, 180_000);

    afterAll(async () => {
      await connection?.close();
      await farm?.stop();
    });

    it("wiping every chain-determined table and indexing again from the deployment block gives identical digests", async () => {
      const hooks = fixedGameHooks();
      // Indexed as it happened: small ranges, one poll after another.
      const live = indexerFor(farm, connection.db, { hooks, blockRange: 3 });
      await live.syncOnce();
      const before = await chainDigests(connection.db);
      const rows = Object.fromEntries(before.map((d) => [d.table, d.rows]));
      expect(rows).toMatchObject({
        chain_investments: 4,
        chain_harvests: 1,
        chain_repayments: 1,
        xp_grants: 5,
      });
      expect(rows.chain_faucet_claims).toBe(1);
      expect(rows.players).toBeGreaterThanOrEqual(3);

      await wipeChainIndex(connection.db, farm.anvil.chainId, hooks);
      const wiped = await chainDigests(connection.db);
      expect(wiped.every((d) => d.rows === 0)).toBe(true);
      await live.stop();

      const rebuilt = indexerFor(farm, connection.db, { hooks, blockRange: 1000 });
      const result = await rebuilt.syncOnce();
      await rebuilt.stop();
      expect(result.indexed).toBe(result.head);
      expect(await chainDigests(connection.db)).toEqual(before);
    });
  },
);
