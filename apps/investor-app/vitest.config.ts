import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "investor-app", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"] },
});
