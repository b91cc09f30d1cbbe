import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appNames, buildApp } from "@farm/scripts/build-apps";

/** The env variable that hands the one build of the run to every worker's stack (e2e/fixtures/stack.ts). */
export const prebuiltAppsVariable = "FARM_E2E_APPS_DIR";

/**
 * Builds both apps once for the whole run, in Vite's "test" mode (every API answer the journeys meet is parsed with
 * core's schemas): each worker's stack would otherwise build them again before its backend could start.
 */
export default async function globalSetup(): Promise<() => void> {
  const { rmSync } = await import("node:fs");
  const dir = mkdtempSync(join(tmpdir(), "farm-e2e-apps-"));
  for (const name of appNames) await buildApp(name, join(dir, name), { quiet: true, mode: "test" });
  process.env[prebuiltAppsVariable] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
