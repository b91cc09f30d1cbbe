import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "core",
    include: ["src/**/*.test.ts"],
    setupFiles: ["../testkit/src/fast-check-setup.ts"],
    // Pure functions only: files share a worker's module graph instead of re-importing it (12 -> 3 s). The DOM suites
    // (ui, the apps) stay isolated: sharing ran 4x faster there, but a worker's files then share jsdom's storage and the
    // wallet's modules, and a CI run met a dev account chosen by an earlier file.
    isolate: false,
  },
});
