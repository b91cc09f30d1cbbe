import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoDir = fileURLToPath(new URL("../../../", import.meta.url));
const port = z.coerce.number().int().min(0).max(65535);

/** Variables of the production server's app ports (spread into the backend's environment schema). */
export const staticAppsEnvShape = {
  SERVE_APPS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  INVESTOR_APP_PORT: port.default(5173),
  FARMER_PORTAL_PORT: port.default(5174),
  INVESTOR_APP_DIR: z.string().default(`${repoDir}apps/investor-app/dist`),
  FARMER_PORTAL_DIR: z.string().default(`${repoDir}apps/farmer-portal/dist`),
};

/** The variables that set each app's port and folder, named in the messages about them. */
export const appVariables = {
  "investor-app": { port: "INVESTOR_APP_PORT", dir: "INVESTOR_APP_DIR" },
  "farmer-portal": { port: "FARMER_PORTAL_PORT", dir: "FARMER_PORTAL_DIR" },
} as const;

/** One built app the backend serves on its own port, with the API under the same origin's /api. */
export interface ServedApp {
  name: "investor-app" | "farmer-portal";
  port: number;
  /** The app's `vite build` output, precompressed by scripts/src/precompress.ts. */
  dir: string;
}

type StaticAppsEnv = { [key in keyof typeof staticAppsEnvShape]: z.output<(typeof staticAppsEnvShape)[key]> };

export function servedApps(env: StaticAppsEnv): ServedApp[] {
  if (!env.SERVE_APPS) return [];
  return [
    { name: "investor-app", port: env.INVESTOR_APP_PORT, dir: env.INVESTOR_APP_DIR },
    { name: "farmer-portal", port: env.FARMER_PORTAL_PORT, dir: env.FARMER_PORTAL_DIR },
  ];
}
