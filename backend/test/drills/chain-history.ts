import { anvilKeys } from "@farm/testkit";
import { ChainHookRegistry } from "../../src/chain/hooks/registry";
import { gameChainHooks } from "../../src/services/game/hooks";
import { type FarmChain, FarmDriver, gold } from "../chain-fixture";

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
    yieldBps: 200,
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
