import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "farmer-portal", include: ["src/**/*.test.{ts,tsx}"], environment: "jsdom" },
});
