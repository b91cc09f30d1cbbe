import { existsSync } from "node:fs";

/**
 * Real services the integration suites use. A suite runs when its variable is set; outside CI a missing one is
 * skipped with one line from the global setup, and with CI=true a missing one fails the whole run.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** Chromium for the browser suites: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

/** The launch flags this machine's closed network needs (see the toolchain notes). */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface MissingService {
  variable: string;
  hint: string;
}

export function missingServices(): MissingService[] {
  const missing: MissingService[] = [];
  if (!testDatabaseUrl)
    missing.push({
      variable: "TEST_DATABASE_URL",
      hint: "PostgreSQL suites skipped; set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them",
    });
  if (!testRedisUrl)
    missing.push({
      variable: "TEST_REDIS_URL",
      hint: "Redis suites skipped; set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them",
    });
  return missing;
}

export const isCI = process.env.CI === "true" || process.env.CI === "1";
