import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import type { TestApp } from "./helpers";

describe("GET /api/health on a live chain (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let testApp: TestApp;

  beforeAll(async () => {
    farm = await startFarmChain();
    testApp = await startChainApp(farm);
    await indexNow(testApp);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await farm?.stop();
  });

  const chainHealth = async () => {
    const reply = await testApp.app.inject({ method: "GET", url: "/api/health" });
    return reply.json().chain as { head: number; indexed: number; lag: number };
  };

  it("reports the head as the node has it now, so a block mined a moment ago counts in the lag", async () => {
    // What a script waits on after its last transaction (e2e's waitForIndexer): a head remembered from an earlier
    // read hid the newest blocks, so the wait ended before the indexer had them.
    for (let round = 0; round < 3; round += 1) {
      const before = await chainHealth();
      await farm.testClient.mine({ blocks: 1 });
      const after = await chainHealth();
      expect(after.head).toBe(before.head + 1);
      expect(after.head).toBe(Number(await farm.publicClient.getBlockNumber({ cacheTime: 0 })));
    }
  });
});
