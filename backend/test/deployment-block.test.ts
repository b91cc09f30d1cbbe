import { createPublicClient, custom, type EIP1193RequestFn, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDeploymentBlock } from "../src/chain/adapter";
import { startChainApp } from "./chain-app";
import { type FarmChain, indexerFor, memoryDatabase, startFarmChain } from "./chain-fixture";

describe("the indexer's first block (anvil)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  beforeAll(async () => {
    farm = await startFarmChain();
    // Blocks after the deployment, so "the head" and "the deployment block" differ.
    for (let i = 0; i < 5; i++) await farm.testClient.mine({ blocks: 1 });
  }, 120_000);
  afterAll(() => farm?.stop());

  it("finds the block that created a contract by bisection over eth_getCode", async () => {
    expect(await findDeploymentBlock(farm.publicClient, farm.deployment.goldToken)).toBe(
      farm.deployment.blockNumber,
    );
    await expect(
      findDeploymentBlock(farm.publicClient, "0x000000000000000000000000000000000000dEaD"),
    ).rejects.toThrow("no contract at");
  });

  it("never asks the node for logs before the deployment block, even with no start block configured", async () => {
    const fromBlocks: bigint[] = [];
    const transport = http(farm.anvil.rpcUrl);
    const spying = custom({
      request: (async (args: { method: string; params?: unknown }) => {
        if (args.method === "eth_getLogs") {
          const [filter] = args.params as [{ fromBlock: `0x${string}` }];
          fromBlocks.push(BigInt(filter.fromBlock));
        }
        return transport({ chain: farm.chain }).request(args as never);
      }) as EIP1193RequestFn,
    });
    const client = createPublicClient({ chain: farm.chain, transport: spying });
    const connection = await memoryDatabase();
    try {
      const indexer = indexerFor(farm, connection.db, {
        client,
        startBlock: () => findDeploymentBlock(client, farm.deployment.goldToken),
      });
      const result = await indexer.syncOnce();
      expect(result.events).toBeGreaterThan(0);
      expect(fromBlocks.length).toBeGreaterThan(0);
      expect(fromBlocks.every((block) => block >= BigInt(farm.deployment.blockNumber))).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it("in the app, takes the deployment block when only the four addresses are configured", async () => {
    const t = await startChainApp(farm, "embedded", { DEPLOYMENTS_FILE: "/nonexistent/31337.json" });
    try {
      expect(await t.app.chain.indexer?.firstBlock()).toBe(farm.deployment.blockNumber);
    } finally {
      await t.close();
    }
  });
});
