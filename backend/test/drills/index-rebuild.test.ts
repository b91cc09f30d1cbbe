import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../../src/adapters/db/connect";
import { chainDigests, wipeChainIndex } from "../../src/commands/index-digest";
import { type FarmChain, indexBackends, indexerFor, startFarmChain } from "../chain-fixture";
import { fixedGameHooks, playHistory } from "./chain-history";

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
