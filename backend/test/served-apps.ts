import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appPorts } from "../src/static/plugin";
import { startTestApp, type TestApp, type TestAppOptions } from "./helpers";

export interface ServedApps {
  t: TestApp;
  /** The investor app's and the farmer portal's origins (each also answers /api), and the API's own. */
  investor: string;
  portal: string;
  api: string;
  close(): Promise<void>;
}

/**
 * The production server as `npm run serve` runs it: each app (a one-page build) on its own port with the API under
 * `/api` of every port, listening on 127.0.0.1 so tests reach it with fetch.
 */
export async function startServedApps(options: TestAppOptions = {}): Promise<ServedApps> {
  const dir = await mkdtemp(join(tmpdir(), "farm-served-"));
  for (const app of ["investor", "portal"]) {
    await mkdir(join(dir, app), { recursive: true });
    await writeFile(join(dir, app, "index.html"), `<!doctype html><title>${app}</title>`);
  }
  const t = await startTestApp({
    ...options,
    env: {
      SERVE_APPS: "true",
      INVESTOR_APP_PORT: "0",
      FARMER_PORTAL_PORT: "0",
      INVESTOR_APP_DIR: join(dir, "investor"),
      FARMER_PORTAL_DIR: join(dir, "portal"),
      ...options.env,
    },
  });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const ports = appPorts(t.app);
  const address = t.app.server.address();
  return {
    t,
    investor: `http://127.0.0.1:${ports["investor-app"]}`,
    portal: `http://127.0.0.1:${ports["farmer-portal"]}`,
    api: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
