import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "backend",
    // The same property-test draws on every machine and day (fast-check-seed.ts).
    setupFiles: ["../packages/testkit/src/fast-check-setup.ts"],
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // A worker's files share its loaded modules: each suite builds its own apps, databases and ports, and no module
    // keeps state between them. Importing the backend afresh for every file was 619 of 1,612 s of the suites' summed
    // time; the project took 770 s alone with isolation and 432 s without (103 files, 941 tests, both green).
    isolate: false,
    // Several suites share the 2-core CI machine at once (see the root config): a test that starts two apps on the
    // embedded PGlite (migrations, pg-boss's schema) took over 30 s there, so the limits leave room for that.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
