import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { anvilKeys, startAnvil } from "@farm/testkit";
import { deployDemoContracts } from "./deploy";
import { assertPortFree } from "./ports";
import { type Child, startChild, waitForHttp } from "./processes";
import { seedDemoData } from "./seed";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface StackOptions {
  host: string;
  ports: { chain: number; api: number; investorApp: number; farmerPortal: number };
  /** Wiped at every start: the local chain is new each time, so the database and files must be too. */
  dataDir: string;
  seedDemoData: boolean;
  /** Keep the children's logs to themselves (tests); they are printed if a child dies. */
  quiet?: boolean;
  /** Extra backend environment, e.g. looser rate limits for test journeys that sign in many times. */
  backendEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface Stack {
  chain: { rpcUrl: string; chainId: number };
  apiUrl: string;
  docsUrl: string;
  investorAppUrl: string;
  farmerPortalUrl: string;
  contracts: { goldToken: string; goldFaucet: string; farmNft: string; farmVault: string };
  stop(): Promise<void>;
}

const chainId = 31337;

/** Starts anvil, deploys and wires the contracts, starts the backend and both apps, and seeds demo data. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const { host, ports } = options;
  await assertPortFree(host, ports.chain, "local chain", "CHAIN_PORT");
  await assertPortFree(host, ports.api, "API", "API_PORT");
  await assertPortFree(host, ports.investorApp, "investor app", "INVESTOR_APP_PORT");
  await assertPortFree(host, ports.farmerPortal, "farmer portal", "FARMER_PORTAL_PORT");

  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });

  const children: Child[] = [];
  log("starting anvil");
  const anvil = await startAnvil({ port: ports.chain, chainId, args: ["--accounts", "20"] });
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop()));
    await anvil.stop();
  };
  try {
    log("deploying contracts");
    const deploymentsFile = join(options.dataDir, "deployments", `${chainId}.json`);
    const deployment = await deployDemoContracts(anvil.rpcUrl, deploymentsFile);

    const apiUrl = `http://${host}:${ports.api}`;
    const appOrigins = [ports.investorApp, ports.farmerPortal].flatMap((port) => [
      `http://${host}:${port}`,
      `http://localhost:${port}`,
    ]);
    const backendEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      HOST: host,
      PORT: String(ports.api),
      DATA_DIR: join(options.dataDir, "db"),
      STORAGE_DIR: join(options.dataDir, "storage"),
      RPC_URL: anvil.rpcUrl,
      PUBLIC_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(chainId),
      DEPLOYMENTS_FILE: deploymentsFile,
      OPERATOR_PRIVATE_KEY: anvilKeys[1],
      SIWE_ALLOWED_ORIGINS: appOrigins.join(","),
      LOG_LEVEL: options.quiet ? "warn" : "info",
      ...options.backendEnv,
    };
    for (const name of ["DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "S3_BUCKET"]) delete backendEnv[name];
    log("starting backend");
    const tsx = createRequire(join(repoRoot, "package.json")).resolve("tsx/cli");
    const backend = startChild("backend", process.execPath, [tsx, "src/server.ts"], {
      cwd: join(repoRoot, "backend"),
      env: backendEnv,
      quiet: options.quiet,
    });
    children.push(backend);

    const vitePackage = createRequire(join(repoRoot, "apps/investor-app/package.json")).resolve(
      "vite/package.json",
    );
    const vite = join(dirname(vitePackage), "bin/vite.js");
    const apps = [
      { name: "investor-app", dir: "apps/investor-app", port: ports.investorApp },
      { name: "farmer-portal", dir: "apps/farmer-portal", port: ports.farmerPortal },
    ].map((app) =>
      startChild(
        app.name,
        process.execPath,
        [vite, "--host", host, "--port", String(app.port), "--strictPort"],
        {
          cwd: join(repoRoot, app.dir),
          env: { ...process.env, API_URL: apiUrl },
          quiet: options.quiet,
        },
      ),
    );
    children.push(...apps);
    await waitForHttp(`${apiUrl}/api/health`, backend);
    await Promise.all(
      apps.map((app, i) => waitForHttp(`http://${host}:${[ports.investorApp, ports.farmerPortal][i]}/`, app)),
    );

    if (options.seedDemoData) {
      log("seeding demo data");
      await seedDemoData({ apiUrl, rpcUrl: anvil.rpcUrl, deployment, origin: appOrigins[0]! });
    }
    return {
      chain: { rpcUrl: anvil.rpcUrl, chainId },
      apiUrl,
      docsUrl: `${apiUrl}/api/docs`,
      investorAppUrl: `http://${host}:${ports.investorApp}`,
      farmerPortalUrl: `http://${host}:${ports.farmerPortal}`,
      contracts: {
        goldToken: deployment.goldToken,
        goldFaucet: deployment.goldFaucet,
        farmNft: deployment.farmNft,
        farmVault: deployment.farmVault,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
