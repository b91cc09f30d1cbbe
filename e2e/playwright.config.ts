import { chromiumArgs, chromiumPath, isCI } from "@farm/testkit";
import { defineConfig } from "@playwright/test";
import type { StackOptions } from "./fixtures/stack";

const executablePath = chromiumPath();
if (!executablePath) {
  if (isCI)
    throw new Error(
      "CI=true but no Chromium found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH",
    );
  console.log(
    "[skip] browser suites skipped; install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH",
  );
}

export default defineConfig<object, StackOptions>({
  testDir: "./tests",
  globalSetup: executablePath ? "./global-setup.ts" : undefined,
  testIgnore: executablePath ? [] : ["**/*"],
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two stacks at once (each worker has its own chain, database and backend; journeys never share a wallet): most of
  // a journey is waiting for blocks, the indexer and the browser, so two halve the run on the 2-core CI machine.
  workers: 2,
  // No retries, in CI either. The one retry was for Vite dev servers reloading a page mid-journey; the journeys now
  // run against prebuilt apps. The other intermittent failures it would have passed as "flaky" were real races (a
  // crop missing from the garden, the board read before the indexer had a harvest), so a failure should be seen.
  retries: 0,
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath, args: chromiumArgs },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "journeys" },
    // The journeys that send transactions, again on a chain that mines every second, indexed 3 blocks behind the
    // head: the investor's plant-water-harvest and refund, the farmer's registration and its approval by the admin,
    // the farmer's repayment. All nine investor and farmer journeys pass there too (4.4 min on the shared 2-core
    // machine); CI runs these five to stay short.
    {
      name: "slow-blocks",
      testMatch: /(investor-app|farmer-portal)\.spec\.ts$/,
      // The admin's approval reviews the wallet the registration journey registered, so that one runs too.
      grep: /investor app|registers with three documents|admin approves the farmer|repays a funded invoice/,
      use: { slowBlocks: true },
    },
  ],
});
