import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace; each workspace keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "{contracts,backend}/vitest.config.ts",
      "apps/*/vitest.config.ts",
    ],
    globalSetup: ["./packages/testkit/src/global-setup.ts"],
    // Most of a suite's time is spent waiting (anvil, PostgreSQL, child processes, SMTP), not computing: one more file
    // at a time than there are cores halves the run on the 2-core CI machine (every suite uses its own database,
    // chain and free ports). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
    // CI lists every test by name, so its log shows which suites ran against PostgreSQL, Redis and anvil.
    reporters: process.env.CI === "true" ? ["verbose"] : ["default"],
  },
});
