import { resolve } from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

/** The launcher's settings: ports of each part and where local data goes. Every one can be overridden by environment. */
const launcherSchema = z.object({
  HOST: z.string().default("127.0.0.1"),
  CHAIN_PORT: port.default(8545),
  API_PORT: port.default(8787),
  INVESTOR_APP_PORT: port.default(5173),
  FARMER_PORTAL_PORT: port.default(5174),
  MAIL_SMTP_PORT: port.default(1025),
  MAIL_WEB_PORT: port.default(1080),
  LOCAL_DATA_DIR: z.string().default("data/local-stack"),
  SEED_DEMO_DATA: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export interface LauncherConfig {
  host: string;
  ports: { chain: number; api: number; investorApp: number; farmerPortal: number };
  mailPorts: { smtp: number; web: number };
  dataDir: string;
  seedDemoData: boolean;
}

/** Reads the launcher configuration; a wrong value stops start-up with one line naming the variable. */
export function loadLauncherConfig(env: NodeJS.ProcessEnv = process.env): LauncherConfig {
  const parsed = launcherSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    host: c.HOST,
    ports: {
      chain: c.CHAIN_PORT,
      api: c.API_PORT,
      investorApp: c.INVESTOR_APP_PORT,
      farmerPortal: c.FARMER_PORTAL_PORT,
    },
    mailPorts: { smtp: c.MAIL_SMTP_PORT, web: c.MAIL_WEB_PORT },
    dataDir: resolve(c.LOCAL_DATA_DIR),
    seedDemoData: c.SEED_DEMO_DATA,
  };
}
