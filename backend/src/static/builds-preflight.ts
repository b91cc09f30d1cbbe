import { access } from "node:fs/promises";
import { join } from "node:path";
import type { AppConfig } from "../config";
import { appVariables } from "../config/static-apps";

/**
 * Why the production server cannot serve the apps: a build is missing (no index.html in its folder, as before the
 * first `npm run build`). The line says what to run or set; null when every build is there.
 */
export async function missingBuild(config: Pick<AppConfig, "apps">): Promise<string | null> {
  for (const app of config.apps) {
    const built = await access(join(app.dir, "index.html")).then(
      () => true,
      () => false,
    );
    if (!built)
      return `npm run serve: no ${app.name} build in ${app.dir}: run \`npm run build\` first, or set ${appVariables[app.name].dir} to the folder of its build`;
  }
  return null;
}

/** A port another process holds (EADDRINUSE from listen), as one line naming the variable that sets it. */
export function portTaken(error: unknown, config: Pick<AppConfig, "port" | "apps" | "host">): string | null {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code !== "EADDRINUSE") return null;
  const app = config.apps.find((served) => served.port === port);
  const variable = app ? appVariables[app.name].port : "PORT";
  return `${variable}: ${config.host}:${String(port)} is already in use by another process; stop it or choose another port`;
}
