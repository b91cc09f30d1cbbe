import { farmNftAbi } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import type { TestApp } from "./helpers";

/**
 * Shares of an open invoice move freely between verified wallets. An investor who hands them to another wallet before
 * the invoice is cancelled, and lets that wallet refund, loses the invested score of that investment as if it had
 * refunded itself (it used to keep it, round after round, while the GOLD came back).
 */
describe("invested after a refund by the wallet the shares were handed to", () => {
  let farm: FarmChain;
  let t: TestApp;
  let driver: FarmDriver;
  const investor = () => farm.wallet(anvilKeys[2]);
  const friend = () => farm.wallet(anvilKeys[3]);
  const farmer = () => farm.wallet(anvilKeys[4]);
  const invested = async (address: string) =>
    (
      await queryRows<{ invested: string }>(
        t.app.db,
        sql`select invested::text from players where address = ${address}`,
      )
    )[0]?.invested ?? "no row";

  beforeAll(async () => {
    farm = await startFarmChain();
    driver = new FarmDriver(farm);
    t = await startChainApp(farm, "embedded");
    await driver.verify(friend());
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("takes the investment off the investor when the friend refunds, and leaves the friend's score alone", async () => {
    const kept = await driver.openInvoice(farmer().account.address, gold(1_000n));
    await driver.invest(investor(), kept, gold(30n));
    const id = await driver.openInvoice(farmer().account.address, gold(1_000n));
    await driver.invest(investor(), id, gold(100n));
    await indexNow(t);
    expect(await invested(investor().account.address)).toBe(gold(130n).toString());
    const handOver = await investor().writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "safeTransferFrom",
      args: [investor().account.address, friend().account.address, id, gold(100n), "0x"],
    });
    await farm.publicClient.waitForTransactionReceipt({ hash: handOver });
    await driver.passDays(15);
    for (const [wallet, functionName] of [
      [farm.admin, "cancelExpired"],
      [friend(), "refund"],
    ] as const) {
      const hash = await wallet.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName,
        args: [id],
      });
      expect((await farm.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    await indexNow(t);
    // The other invoice, still open, is all the investor has invested; the friend invested nothing.
    expect(await invested(investor().account.address)).toBe(gold(30n).toString());
    expect(await invested(friend().account.address)).toBe("no row");
    const board = (await t.app.inject({ method: "GET", url: "/api/leaderboard?by=invested" })).json();
    expect(
      board.entries.map((entry: { address: string; score: string }) => [entry.address, entry.score]),
    ).toEqual([[investor().account.address, gold(30n).toString()]]);
  });
});
