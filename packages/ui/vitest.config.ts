import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "ui",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // A worker's files share its modules and jsdom window (isolate: false; each test file re-importing React, wagmi
    // and the app was most of the run); the setup file gives each file a fresh page and empty storage.
    isolate: false,
    setupFiles: ["./src/testing/jsdom-setup.ts"],
  },
});
