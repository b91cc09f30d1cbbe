import { chromiumArgs, chromiumPath, isCI } from "@farm/testkit";
import { defineConfig } from "@playwright/test";

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

export default defineConfig({
  testDir: "./tests",
  testIgnore: executablePath ? [] : ["**/*"],
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // One retry in CI: the Vite dev servers may reload a page once while they optimise dependencies on first use.
  retries: isCI ? 1 : 0,
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath, args: chromiumArgs },
    trace: "retain-on-failure",
  },
});
