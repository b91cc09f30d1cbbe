import { anvilKeys } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../../src/adapters/db/connect";
import { chainDigests } from "../../src/commands/index-digest";
import {
  type FarmChain,
  FarmDriver,
  gold,
  indexBackends,
  indexerFor,
  startFarmChain,
} from "../chain-fixture";
import { fixedGameHooks } from "./chain-history";

/** Confirmations the indexer keeps behind the head in this drill. */
const N = 5;

describe.each(indexBackends)(
  "drill: reorgs around N confirmations ($name)",
  { timeout: 120_000 },
  (backend) => {
    let farm: FarmChain;
    let live: DatabaseConnection;
    let fresh: DatabaseConnection;

    beforeAll(async () => {
      [farm, live, fresh] = await Promise.all([startFarmChain(), backend.open(), backend.open()]);
    }, 180_000);

    afterAll(async () => {
      await live?.close();
      await fresh?.close();
      await farm?.stop();
    });

    it("a reorg shallower than N changes nothing; one deeper than N leaves exactly the index of the new chain alone", async () => {
      const driver = new FarmDriver(farm);
      const [farmer, alice, bob, carol, dave] = [2, 3, 4, 5, 6].map((i) => farm.wallet(anvilKeys[i]!));
      const hooks = fixedGameHooks();
      const indexer = indexerFor(farm, live.db, { hooks, confirmations: N, blockRange: 4 });
      const sync = async () => {
        const result = await indexer.syncOnce();
        expect(result.indexed).toBe(result.head - N);
        return result;
      };
      const a = await driver.openInvoice(farmer!.account.address, gold(1000n), {
        yieldBps: 200,
        tenorDays: 30,
      });
      const b = await driver.openInvoice(farmer!.account.address, gold(900n));
      await driver.invest(alice!, a, gold(1000n));
      const forkTime = (await farm.publicClient.getBlock()).timestamp;
      const fork = await farm.testClient.snapshot();

      // The old branch: an investment, a repayment and a harvest (which ends alice's crop: nothing left to water).
      await driver.invest(bob!, b, gold(300n));
      await driver.repayInFull(farmer!, a);
      await driver.passDays(31);
      await driver.harvest(alice!, a);
      await farm.testClient.mine({ blocks: N });
      await sync();
      const oldBranch = await chainDigests(live.db);
      const rows = (digests: typeof oldBranch) => Object.fromEntries(digests.map((d) => [d.table, d.rows]));
      expect(rows(oldBranch)).toMatchObject({ chain_investments: 2, chain_repayments: 1, chain_harvests: 1 });

      // Shallower than N: the replaced blocks were never indexed, so the index does not move.
      const shallow = await farm.testClient.snapshot();
      await driver.claimFaucet(carol!);
      expect((await sync()).reorgAncestor).toBeNull();
      await farm.testClient.revert({ id: shallow });
      await farm.testClient.mine({ blocks: N - 1 });
      expect((await sync()).reorgAncestor).toBeNull();
      expect(await chainDigests(live.db)).toEqual(oldBranch);

      // Deeper than N: back to before the investment, the repayment and the harvest, and a different history.
      await farm.testClient.revert({ id: fork });
      // anvil keeps the old branch's 31-day jump after a revert: the new branch resumes at the fork's time.
      await farm.testClient.setNextBlockTimestamp({ timestamp: forkTime + 1n });
      await driver.invest(carol!, b, gold(200n)); // a different investment
      await driver.repayInFull(bob!, a); // a different repayment: another payer, another transaction
      await driver.invest(dave!, b, gold(100n)); // a new crop to water where alice's harvest ended one
      await farm.testClient.mine({ blocks: N });
      expect((await sync()).reorgAncestor).not.toBeNull();
      await indexer.stop();
      const reorged = await chainDigests(live.db);
      expect(rows(reorged)).toMatchObject({ chain_investments: 3, chain_repayments: 1, chain_harvests: 0 });

      // Table by table, as if the new chain had been the only one.
      const only = indexerFor(farm, fresh.db, { hooks: fixedGameHooks(), confirmations: N });
      await only.syncOnce();
      await only.stop();
      expect(reorged).toEqual(await chainDigests(fresh.db));
    });
  },
);
