import { XP_PER_HARVEST } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import { signIn, type TestApp, testBackends } from "./helpers";

/**
 * The profile is cached for two seconds and dropped on the wallet's own writes; a harvest's XP is written by the index,
 * not by a request of the wallet, so the index drops the profile of every player it changed once its transaction has
 * committed: the garden reads the harvest's XP as soon as the crop shows the payout. (Not database-specific: one
 * backend.)
 */
describe.each(testBackends.slice(0, 1))("a harvest's XP in the profile at once, on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let cookie = "";
  const holder = () => farm.wallet(anvilKeys[2]);

  beforeAll(async () => {
    farm = await startFarmChain();
    t = await startChainApp(farm, kind);
    cookie = await signIn(t.app, privateKeyToAccount(anvilKeys[2]));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const xp = async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as { xp: number }).xp;
  };

  it("shows the harvest's XP in the very next profile read after the index took the harvest", async () => {
    const driver = new FarmDriver(farm);
    await driver.verify(holder());
    const tokenId = await driver.openInvoice(farm.wallet(anvilKeys[4]).account.address, gold(100n), {
      tenorDays: 30,
    });
    await driver.invest(holder(), tokenId, gold(100n));
    await driver.repayInFull(farm.wallet(anvilKeys[5]), tokenId);
    await driver.passDays(31);
    await indexNow(t);
    await driver.harvest(holder(), tokenId);
    // Read (and cached) after the harvest was mined, before the index has it.
    const before = await xp();
    await indexNow(t);
    expect(await xp()).toBe(before + XP_PER_HARVEST);
  });
});
