import { anvilKeys } from "@farm/testkit";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { captureLogs } from "./outage-fixture";

/** The app on `farm` with `operatorKey`, its log lines parsed, and its /metrics text. */
async function watchedApp(farm: FarmChain, operatorKey: `0x${string}`) {
  const { stream, lines } = captureLogs();
  const t = await startChainApp(
    farm,
    "embedded",
    { OPERATOR_PRIVATE_KEY: operatorKey, LOG_LEVEL: "info" },
    stream,
  );
  const scrape = async () => (await t.app.inject({ method: "GET", url: "/metrics" })).body;
  const address = privateKeyToAccount(operatorKey).address;
  /** The gauge lines for the operator, once the first check has set them. */
  const gauges = async () => {
    for (let waited = 0; waited < 10_000; waited += 100) {
      const text = await scrape();
      const balance = new RegExp(`^farm_operator_balance_wei\\{address="${address}"\\} (\\S+)$`, "m").exec(
        text,
      );
      const role = new RegExp(`^farm_operator_has_role\\{address="${address}"\\} (\\S+)$`, "m").exec(text);
      if (balance && role) return { balance: Number(balance[1]), role: Number(role[1]) };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the operator gauges never appeared");
  };
  return { t, lines, address, gauges };
}

describe("the operator account watch (anvil)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  beforeAll(async () => {
    farm = await startFarmChain();
  }, 120_000);
  afterAll(async () => {
    await farm?.stop();
  });

  it("warns once at start, and shows it in /metrics, when the operator key has no OPERATOR_ROLE and no gas", async () => {
    const { t, lines, address, gauges } = await watchedApp(farm, generatePrivateKey());
    try {
      expect(await gauges()).toEqual({ balance: 0, role: 0 });
      const warnings = lines.filter((line) => line.operator === address);
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          balanceWei: "0",
          hasRole: false,
          msg: `operator account ${address} does not hold OPERATOR_ROLE on FarmNFT and has 0 for gas (under 0.01): its transactions (invoice submissions) will fail`,
        }),
      ]);
    } finally {
      await t.close();
    }
  });

  it("says nothing of an operator with the role and gas, and shows both in /metrics", async () => {
    const { t, lines, address, gauges } = await watchedApp(farm, anvilKeys[1]);
    try {
      const { balance, role } = await gauges();
      expect(role).toBe(1);
      expect(balance).toBeGreaterThan(1e18);
      expect(lines.filter((line) => line.operator === address)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
