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
    // CI lists every test by name, so its log shows which suites ran against PostgreSQL, Redis and anvil.
    reporters: process.env.CI === "true" ? ["verbose"] : ["default"],
  },
});
