import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The Vitest project of a package whose suites render in jsdom (ui and both apps). A worker's files share its modules
 * and jsdom window (isolate: false: re-importing React, wagmi and the app for every file was most of the run); the
 * setup file gives each file a fresh page and empty storage.
 */
export function domTestProject(name: string) {
  return defineConfig({
    test: {
      name,
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}"],
      isolate: false,
      setupFiles: [fileURLToPath(new URL("./jsdom-setup.ts", import.meta.url))],
    },
  });
}
