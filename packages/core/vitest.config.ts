import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "core",
    include: ["src/**/*.test.ts"],
    setupFiles: ["../testkit/src/fast-check-setup.ts"],
    // Pure functions only: files share a worker's module graph instead of re-importing it (12 -> 3 s), as the backend's
    // and the DOM suites' files do.
    isolate: false,
  },
});
