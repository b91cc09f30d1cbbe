import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import { signIn, type TestApp } from "./helpers";
import { withinOneUtcDay } from "./one-utc-day";

interface CropReply {
  cropId: string;
  stage: string;
  canHarvest: boolean;
  daysToMaturity: number | null;
  wateredToday: boolean;
}

// The game's water, waterings and quests are per UTC day on the server's clock.
withinOneUtcDay();
describe("GET /api/crops reads growth at the chain's time (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let testApp: TestApp;
  let cookie: string;
  let tokenId: bigint;
  /** Funded and never repaid: it wilts, then withers, as the chain's clock runs past maturity. */
  let unpaidId: bigint;

  const crop = async (id = tokenId) => {
    const reply = await testApp.app.inject({ method: "GET", url: "/api/crops", headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    const { crops } = reply.json() as { crops: CropReply[] };
    const found = crops.find((c) => c.cropId === id.toString());
    if (!found) throw new Error(`crop ${id} missing from ${reply.body}`);
    return found;
  };

  beforeAll(async () => {
    farm = await startFarmChain();
    testApp = await startChainApp(farm);
    const driver = new FarmDriver(farm);
    const investor = farm.wallet(anvilKeys[6]);
    cookie = await signIn(testApp.app, privateKeyToAccount(anvilKeys[6]));
    tokenId = await driver.openInvoice(privateKeyToAccount(anvilKeys[2]).address, gold(500n), {
      tenorDays: 30,
    });
    await driver.invest(investor, tokenId, gold(500n));
    unpaidId = await driver.openInvoice(privateKeyToAccount(anvilKeys[2]).address, gold(200n), {
      tenorDays: 30,
    });
    await driver.invest(investor, unpaidId, gold(200n));
    await driver.repayInFull(farm.wallet(anvilKeys[2]), tokenId);
    await indexNow(testApp);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await farm?.stop();
  });

  it("says ripe and harvestable once the chain's clock passes maturity, though the server's has not", async () => {
    const before = await crop();
    expect(before.stage).not.toBe("ripe");
    expect(before.canHarvest).toBe(false);
    expect(before.daysToMaturity).toBeGreaterThan(0);

    await new FarmDriver(farm).passDays(31);
    await indexNow(testApp);

    // The chain head's time is cached for a few seconds, so the answer turns within that window.
    await vi.waitFor(
      async () => {
        expect(await crop()).toMatchObject({ stage: "ripe", canHarvest: true, daysToMaturity: 0 });
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it("keeps the watering day on the server's UTC clock while the chain's clock runs ahead", async () => {
    const watered = await testApp.app.inject({
      method: "POST",
      url: "/api/game/water",
      payload: { cropId: tokenId.toString() },
      headers: { cookie },
    });
    expect(watered.statusCode).toBe(200);
    expect((await crop()).wateredToday).toBe(true);

    // The activity list tells every entry on the chain's clock: the watering, done after the planting and 31 days on
    // the chain later, comes after it, though the server's clock is a month behind.
    const activity = await testApp.app.inject({
      method: "GET",
      url: "/api/user/activity",
      headers: { cookie },
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const items = (activity.json() as { items: { kind: string; at: string; tokenId: string | null }[] })
      .items;
    const plantedAt = items.find(
      (item) => item.kind === "invested" && item.tokenId === tokenId.toString(),
    )?.at;
    const wateredAt = items.find(
      (item) => item.kind === "watered" && item.tokenId === tokenId.toString(),
    )?.at;
    expect(plantedAt && wateredAt).toBeTruthy();
    expect(Date.parse(wateredAt ?? "") - Date.parse(plantedAt ?? "")).toBeGreaterThan(30 * 86_400_000);
    expect(items.findIndex((item) => item.at === wateredAt)).toBeLessThan(
      items.findIndex((item) => item.at === plantedAt),
    );
  });

  it("refuses to water a crop that withered on the chain's clock, as GET /api/crops shows it", async () => {
    // 31 days passed in the first test; 30 more put the unpaid crop past maturity and the 30-day grace period on
    // the chain, while the server's clock is still within its first week.
    await new FarmDriver(farm).passDays(30);
    await indexNow(testApp);
    await vi.waitFor(
      async () => {
        expect(await crop(unpaidId)).toMatchObject({ stage: "withered", canHarvest: false });
      },
      { timeout: 10_000, interval: 250 },
    );
    const reply = await testApp.app.inject({
      method: "POST",
      url: "/api/game/water",
      payload: { cropId: unpaidId.toString() },
      headers: { cookie },
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toMatchObject({ code: "CROP_NOT_WATERABLE" });
  });
});
