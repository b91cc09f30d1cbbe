import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "ui",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // Pure unit suites: files share a worker's module graph instead of re-importing it (about 4x faster: investor-app
    // 74 -> 14 s alone). Each file still gets its own jsdom; a test must not depend on a module not yet loaded.
    isolate: false,
  },
});
