import { isCI, missingServices } from "./services";

/** Runs once per Vitest run: says which real-service suites are skipped, or fails in CI when a service is missing. */
export default function setup(): void {
  const missing = missingServices();
  if (missing.length === 0) return;
  if (isCI) {
    throw new Error(
      `CI=true but ${missing.map((m) => m.variable).join(", ")} not set: the real-service suites must run in CI`,
    );
  }
  for (const service of missing) console.log(`[skip] ${service.hint}`);
}
