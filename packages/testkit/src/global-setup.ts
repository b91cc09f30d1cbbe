import { isCI, missingServices, testDatabaseUrl, testRedisUrl } from "./services";

/** Runs once per Vitest run: says which real-service suites are skipped, or fails in CI when a service is missing. */
export default function setup(): void {
  const missing = missingServices();
  if (missing.length === 0) {
    console.log(
      `[services] real-service suites run against PostgreSQL ${redact(testDatabaseUrl)} and Redis ${redact(testRedisUrl)}`,
    );
    return;
  }
  if (isCI) {
    throw new Error(
      `CI=true but ${missing.map((m) => m.variable).join(", ")} not set: the real-service suites must run in CI`,
    );
  }
  for (const service of missing) console.log(`[skip] ${service.hint}`);
}

/** Shows where a service is without its password. */
function redact(url: string | undefined): string {
  if (!url) return "(unset)";
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
