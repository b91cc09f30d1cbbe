import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { concat, type Hash, type Hex, numberToHex, pad, toEventSelector } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { indexNow, startChainApp } from "./chain-app";
import { dumpIndex, type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { signIn, type TestApp } from "./helpers";

/**
 * Creation code of a contract that, on any call, emits a log shaped exactly like FarmNFT's Invested event for
 * token 1 and its caller: what a forger would send to /crops/sync.
 */
function forgedInvestedEmitter(): Hex {
  const selector = toEventSelector(
    farmNftAbi.find((item) => item.type === "event" && item.name === "Invested")!,
  );
  const word = pad(numberToHex(gold(1000n)), { size: 32 });
  const push32 = (value: Hex) => concat(["0x7f", value]);
  const runtime = concat([
    push32(word),
    "0x600052",
    push32(word),
    "0x602052",
    push32(word),
    "0x604052",
    "0x33", // CALLER: topic 2, the investor
    "0x6001", // token id 1: topic 1
    push32(selector),
    "0x6060", // data size
    "0x6000", // data offset
    "0xa3", // LOG3
    "0x00",
  ]);
  const length = (runtime.length - 2) / 2;
  const creation = concat(["0x60", numberToHex(length, { size: 1 }), "0x80600b6000396000f3"]);
  return concat([creation, runtime]);
}

describe("POST /api/crops/sync (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let testApp: TestApp;
  let driver: FarmDriver;
  let investor: Wallet;
  let investorCookie: string;
  let tokenId: bigint;

  const sync = (txHash: string, cookie = investorCookie) =>
    testApp.app.inject({ method: "POST", url: "/api/crops/sync", payload: { txHash }, headers: { cookie } });

  beforeAll(async () => {
    farm = await startFarmChain();
    testApp = await startChainApp(farm);
    driver = new FarmDriver(farm);
    investor = farm.wallet(anvilKeys[5]);
    investorCookie = await signIn(testApp.app, privateKeyToAccount(anvilKeys[5]));
    tokenId = await driver.openInvoice(privateKeyToAccount(anvilKeys[2]).address, gold(1000n));
    await indexNow(testApp);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await farm?.stop();
  });

  it("records the wallet's investment at once and answers its crop; syncing the same hash again changes nothing", async () => {
    const txHash = await driver.invest(investor, tokenId, gold(250n));
    const reply = await sync(txHash);
    expect(reply.statusCode).toBe(200);
    const { crops } = reply.json() as {
      crops: { cropId: string; shares: string; invested: string; stage: string }[];
    };
    expect(crops).toHaveLength(1);
    expect(crops[0]).toMatchObject({
      cropId: tokenId.toString(),
      shares: gold(250n).toString(),
      invested: gold(250n).toString(),
      stage: "seed",
    });
    const [player] = await queryRows<{ xp: number }>(
      testApp.app.db,
      sql`select xp from players where address = ${investor.account.address}`,
    );
    // The game's hook ran inside the sync's transaction: +25 XP for the planting.
    expect(player?.xp).toBe(25);
    const before = await dumpIndex(testApp.app.db);
    expect((await sync(txHash)).statusCode).toBe(200);
    expect(await dumpIndex(testApp.app.db)).toEqual(before);
    const [again] = await queryRows<{ xp: number }>(
      testApp.app.db,
      sql`select xp from players where address = ${investor.account.address}`,
    );
    expect(again?.xp).toBe(player?.xp);
  });

  it("leaves the indexer, arriving later, with the same rows as if there had been no sync", async () => {
    const txHash = await driver.invest(investor, tokenId, gold(100n));
    expect((await sync(txHash)).statusCode).toBe(200);
    await indexNow(testApp);
    const synced = await dumpIndex(testApp.app.db);
    const positions = await queryRows<{ shares: string }>(
      testApp.app.db,
      sql`select shares::text from chain_positions where holder = ${investor.account.address}`,
    );
    expect(positions).toEqual([{ shares: gold(350n).toString() }]);
    expect(synced.chain_investments?.filter((row) => row.includes(txHash))).toHaveLength(1);
  });

  it("refuses another wallet's investment with 403", async () => {
    const someoneElse = farm.wallet(anvilKeys[6]);
    const txHash = await driver.invest(someoneElse, tokenId, gold(10n));
    const reply = await sync(txHash);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("refuses a transaction of another contract with 422 NOT_AN_INVESTMENT", async () => {
    const approval = await investor.writeContract({
      address: farm.deployment.goldToken,
      abi: [
        {
          type: "function",
          name: "approve",
          stateMutability: "nonpayable",
          inputs: [
            { name: "spender", type: "address" },
            { name: "value", type: "uint256" },
          ],
          outputs: [{ type: "bool" }],
        },
      ],
      functionName: "approve",
      args: [farm.deployment.farmNft, 1n],
    });
    await waitForReceipt(farm.publicClient, { hash: approval });
    const reply = await sync(approval);
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ error: { code: "NOT_AN_INVESTMENT" } });
  });

  it("refuses a forged Invested event emitted by a look-alike contract with 422", async () => {
    const deploy = await investor.sendTransaction({ data: forgedInvestedEmitter() });
    const { contractAddress } = await waitForReceipt(farm.publicClient, { hash: deploy });
    const forged = await investor.sendTransaction({ to: contractAddress!, data: "0x" });
    const receipt = await waitForReceipt(farm.publicClient, { hash: forged });
    expect(receipt.logs).toHaveLength(1);
    const reply = await sync(forged);
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ error: { code: "NOT_AN_INVESTMENT" } });
  });

  it("answers 404 for a hash the chain never saw, 409 for a pending one, 400 for a malformed one", async () => {
    const unknown = await sync(`0x${"ab".repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await sync("0x1234")).statusCode).toBe(400);

    await farm.testClient.setAutomine(false);
    let pending: Hash | undefined;
    try {
      pending = await investor.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "invest",
        args: [tokenId, gold(1n)],
        gas: 500_000n,
      });
      const reply = await sync(pending);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ error: { code: "TRANSACTION_PENDING" } });
    } finally {
      await farm.testClient.mine({ blocks: 1 });
      await farm.testClient.setAutomine(true);
    }
  });

  it("reports platform figures in /api/stats from the index", async () => {
    await indexNow(testApp);
    const stats = (await testApp.app.inject({ method: "GET", url: "/api/stats" })).json() as Record<
      string,
      unknown
    >;
    const [funded] = await queryRows<{ total: string; investors: number }>(
      testApp.app.db,
      sql`select sum(amount)::text as total, count(distinct investor)::int as investors from chain_investments`,
    );
    expect(stats).toMatchObject({
      invoicesSubmitted: 1,
      invoicesFinanced: 0,
      invoicesOpen: 1,
      // 360 GOLD invested in a seed still filling: nothing lent yet.
      goldFunded: "0",
      goldRepaid: "0",
      yieldPaid: "0",
      activeInvestors: funded?.investors,
    });
    expect(funded?.total).toBe(gold(360n).toString());
  });

  it("asks for a session (401)", async () => {
    expect((await sync(`0x${"ab".repeat(32)}`, "")).statusCode).toBe(401);
  });
});
