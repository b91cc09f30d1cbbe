import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "contracts",
    // The same property-test draws on every machine and day (fast-check-seed.ts).
    setupFiles: ["../packages/testkit/src/fast-check-setup.ts"],
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
