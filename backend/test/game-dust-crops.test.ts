import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import type { TestApp } from "./helpers";
import { MarketDriver, sessionCookies } from "./market-fixture";

/**
 * Planting XP needs 10 GOLD (decision 0022), and so do watering and harvest XP: a wallet that buys one base unit of
 * shares on the market for a wei holds a crop it may look at, but waters none of it and harvests it without XP, harvest
 * count, quest or achievement. Its 10 GOLD crop beside it is watered and harvested as usual.
 */
describe("dust crops on the chain earn no watering or harvest XP", () => {
  let farm: FarmChain;
  let t: TestApp;
  let driver: FarmDriver;
  let m: MarketDriver;
  let dustId: bigint;
  let realId: bigint;
  let cookie = "";
  const seller = () => farm.wallet(anvilKeys[2]);
  const holder = () => farm.wallet(anvilKeys[3]);
  const farmer = () => farm.wallet(anvilKeys[4]);
  const progress = async (address: Address) =>
    (
      await queryRows<{ xp: number; harvests_count: number }>(
        t.app.db,
        sql`select xp, harvests_count from players where address = ${address}`,
      )
    )[0];
  const harvestGrants = async (address: Address) =>
    (
      await queryRows<{ token_id: string; xp: number }>(
        t.app.db,
        sql`select h.token_id::text, g.xp from xp_grants g join chain_harvests h on g.event_key = 'harvest:' || h.id
          where g.address = ${address} order by h.token_id`,
      )
    ).map((row) => [row.token_id, row.xp]);

  beforeAll(async () => {
    farm = await startFarmChain();
    m = new MarketDriver(farm, farm.deployment.farmMarket as Address);
    driver = new FarmDriver(farm);
    t = await startChainApp(farm, "embedded");
    for (const wallet of [seller(), holder()]) await driver.verify(wallet);
    dustId = await driver.openInvoice(farmer().account.address, gold(100n));
    await driver.invest(seller(), dustId, gold(100n));
    realId = await driver.openInvoice(farmer().account.address, gold(100n));
    await driver.invest(holder(), realId, gold(10n));
    await driver.invest(seller(), realId, gold(90n));
    await m.approveShares(seller());
    await driver.fundGold(holder(), 1n);
    await m.approveGold(holder());
    // One base unit of shares for a wei of GOLD.
    await m.fill(holder(), await m.sign(seller(), { shares: gold(50n) }, dustId), 1n);
    await indexNow(t);
    cookie = (await sessionCookies(t.app, [anvilKeys[3]])).get(holder().account.address) ?? "";
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const water = (tokenId: bigint) =>
    t.app.inject({
      method: "POST",
      url: "/api/game/water",
      headers: { cookie },
      payload: { cropId: tokenId.toString() },
    });

  // One story in order (watering comes before the harvest ends the crops), so a shuffled run meets the same steps.
  it("refuses to water the dust crop and harvests it without XP or a harvest count; the 10 GOLD one earns both", async () => {
    const dust = await water(dustId);
    expect(dust.statusCode, dust.body).toBe(422);
    expect(dust.json().error.code).toBe("CROP_TOO_SMALL");
    expect((await water(realId)).statusCode).toBe(200);

    const address = holder().account.address;
    await driver.passDays(31);
    for (const id of [dustId, realId]) await driver.repayInFull(farmer(), id);
    const before = await progress(address);
    await driver.harvest(holder(), dustId);
    await indexNow(t);
    expect(await progress(address)).toEqual(before);
    await driver.harvest(holder(), realId);
    await indexNow(t);
    const after = await progress(address);
    expect(after?.harvests_count).toBe((before?.harvests_count ?? 0) + 1);
    expect((after?.xp ?? 0) - (before?.xp ?? 0)).toBeGreaterThanOrEqual(50);
    // Each harvest granted once (its yield is the holder's either way); XP only for the 10 GOLD one.
    expect(await harvestGrants(address)).toEqual([
      [dustId.toString(), 0],
      [realId.toString(), 50],
    ]);
  });
});
