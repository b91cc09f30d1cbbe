import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { HealthResponse } from "@farm/core";
import { type Anvil, anvilKeys, startAnvil } from "@farm/testkit";
import { buildApp } from "./build-apps";
import { deployDemoContracts } from "./deploy";
import { buyerLinkToken, type LocalMailSink, startLocalMailSink } from "./mail-sink";
import { assertPortFree } from "./ports";
import { type Child, startChild, waitForHttp } from "./processes";
import { repoRoot } from "./root";
import { seedDemoData } from "./seed";

export { repoRoot } from "./root";

export interface StackOptions {
  host: string;
  ports: { chain: number; api: number; investorApp: number; farmerPortal: number };
  /** The SMTP sink's ports (SMTP, and its page listing what was sent); free ports when unset. */
  mailPorts?: { smtp: number; web: number };
  /** Wiped at every start: the local chain is new each time, so the database and files must be too. */
  dataDir: string;
  seedDemoData: boolean;
  /** Keep the children's logs to themselves (tests); they are printed if a child dies. */
  quiet?: boolean;
  /** Extra backend environment, e.g. looser rate limits for test journeys that sign in many times. */
  backendEnv?: NodeJS.ProcessEnv;
  /**
   * How the two apps are served. `dev` (the default, `npm start`): Vite dev servers with hot reload. `production`
   * (the e2e fixture): each app is built once into `<dataDir>/apps/<app>` (precompressed, as `npm run build` does) and
   * served by the backend's production server on its port, exactly as `npm run serve` does; no dependency
   * re-optimisation can reload a page mid-journey. The builds run while the chain starts and the contracts deploy.
   */
  apps?: "dev" | "production";
  /**
   * Vite's mode for the production builds: "test" (the e2e fixture) keeps the apps' client parsing every answer with
   * core's schemas, so a journey fails on an answer that drifted from the contract; "production" (the default) drops it.
   */
  appBuildMode?: "production" | "test";
  /**
   * With `apps: "production"`: a folder already holding both builds (`investor-app/`, `farmer-portal/`, as
   * `buildApp` writes them), served as they are. The e2e run builds once for all its stacks (e2e/global-setup.ts).
   */
  prebuiltApps?: string;
  /**
   * Once the stack is set up, mine a block every this many seconds whatever happens, as an L2 does (what anvil's
   * `--block-time` does, switched on with `evm_setIntervalMining`); unset: a block per transaction. Deploying and
   * seeding still mine at once: a hundred set-up transactions at a second each would only make the start slow.
   */
  blockTimeSeconds?: number;
  log?: (line: string) => void;
}

export interface Stack {
  chain: { rpcUrl: string; chainId: number };
  apiUrl: string;
  docsUrl: string;
  investorAppUrl: string;
  farmerPortalUrl: string;
  /** The local SMTP sink's page: every e-mail the backend sent. */
  mailUrl: string;
  contracts: { goldToken: string; goldFaucet: string; farmNft: string; farmVault: string };
  stop(): Promise<void>;
}

const chainId = 31337;

/**
 * Starts anvil, deploys and wires the contracts, starts the backend and both apps, and seeds demo data. The apps
 * (dev servers, or builds the backend then serves) come up alongside the chain, backend and seeding.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const { host, ports } = options;
  const appsMode = options.apps ?? "dev";
  await assertPortFree(host, ports.chain, "local chain", "CHAIN_PORT");
  await assertPortFree(host, ports.api, "API", "API_PORT");
  await assertPortFree(host, ports.investorApp, "investor app", "INVESTOR_APP_PORT");
  await assertPortFree(host, ports.farmerPortal, "farmer portal", "FARMER_PORTAL_PORT");

  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });

  const children: Child[] = [];
  let anvil: Anvil | undefined;
  let mail: LocalMailSink | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.all(children.map((child) => child.stop()));
    await anvil?.stop();
    await mail?.stop();
  };
  /** Starts a child that `stop` will end; refuses once stopping began (one start-up path failed, the other runs on). */
  const spawn = (name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, runsToEnd = false) => {
    if (stopping) throw new Error(`start-up was abandoned before ${name} started`);
    const child = startChild(name, process.execPath, args, { cwd, env, quiet: options.quiet, runsToEnd });
    children.push(child);
    return child;
  };

  const apiUrl = `http://${host}:${ports.api}`;
  const appOrigins = [ports.investorApp, ports.farmerPortal].flatMap((port) => [
    `http://${host}:${port}`,
    `http://localhost:${port}`,
  ]);

  const appPorts = { "investor-app": ports.investorApp, "farmer-portal": ports.farmerPortal } as const;
  const appsRoot = options.prebuiltApps ?? join(options.dataDir, "apps");
  const appDirs = {
    "investor-app": join(appsRoot, "investor-app"),
    "farmer-portal": join(appsRoot, "farmer-portal"),
  };

  /** Dev mode: both Vite dev servers answering on their ports. Needs nothing else of the stack to start. */
  const startDevApps = async () => {
    const vitePackage = createRequire(join(repoRoot, "apps/investor-app/package.json")).resolve(
      "vite/package.json",
    );
    const vite = join(dirname(vitePackage), "bin/vite.js");
    const appEnv = { ...process.env, API_URL: apiUrl };
    log("starting the apps (Vite dev servers)");
    const servers = (["investor-app", "farmer-portal"] as const).map((name) =>
      spawn(
        name,
        [vite, "--host", host, "--strictPort", "--port", String(appPorts[name]), "--logLevel", "warn"],
        join(repoRoot, "apps", name),
        appEnv,
      ),
    );
    await Promise.all(
      servers.map((server, i) => waitForHttp(`http://${host}:${Object.values(appPorts)[i]}/`, server)),
    );
    log(
      `investor app on http://${host}:${ports.investorApp}, farmer portal on http://${host}:${ports.farmerPortal}`,
    );
  };

  /** Production mode: both apps built (under the data dir: per stack, never committed, wiped at the next start). */
  const buildApps = async () => {
    if (appsMode !== "production" || options.prebuiltApps) return;
    log("building the apps");
    for (const name of ["investor-app", "farmer-portal"] as const) {
      if (stopping) throw new Error("start-up was abandoned before the apps were built");
      await buildApp(name, appDirs[name], {
        quiet: options.quiet,
        onChild: (child) => children.push(child),
        mode: options.appBuildMode ?? "production",
      });
    }
    log("apps built");
  };
  const appsBuilt = buildApps();
  // Reported where it is awaited; this keeps an early failure from being an unhandled rejection meanwhile.
  appsBuilt.catch(() => {});

  /** Chain, contracts, backend and (optionally) the demo data seeded through the API. */
  const startChainAndBackend = async () => {
    log("starting anvil");
    const chain = await startAnvil({ port: ports.chain, chainId, args: ["--accounts", "20"] });
    anvil = chain;
    if (stopping) {
      await chain.stop();
      throw new Error("start-up was abandoned before the contracts were deployed");
    }
    log("deploying contracts");
    const deploymentsFile = join(options.dataDir, "deployments", `${chainId}.json`);
    const deployment = await deployDemoContracts(chain.rpcUrl, deploymentsFile, apiUrl);
    mail = await startLocalMailSink(host, options.mailPorts ?? { smtp: 0, web: 0 });
    log(`mail sink: SMTP ${mail.smtpUrl}, read what was sent at ${mail.webUrl}`);

    const backendEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      HOST: host,
      PORT: String(ports.api),
      DATA_DIR: join(options.dataDir, "db"),
      STORAGE_DIR: join(options.dataDir, "storage"),
      RPC_URL: chain.rpcUrl,
      PUBLIC_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chainId),
      PUBLIC_API_URL: apiUrl,
      DEPLOYMENTS_FILE: deploymentsFile,
      OPERATOR_PRIVATE_KEY: anvilKeys[1],
      SIWE_ALLOWED_ORIGINS: appOrigins.join(","),
      ...exampleRupiahRate(process.env),
      SMTP_URL: mail.smtpUrl,
      NOTIFY_PORTAL_URL: `http://${host}:${ports.farmerPortal}`,
      NOTIFY_INVESTOR_URL: `http://${host}:${ports.investorApp}`,
      // The launcher prints one line per part; the backend adds only its warnings and errors, one line each.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
      REQUEST_LOGGING: process.env.REQUEST_LOGGING ?? "false",
      ...(appsMode === "production"
        ? {
            SERVE_APPS: "true",
            INVESTOR_APP_PORT: String(ports.investorApp),
            FARMER_PORTAL_PORT: String(ports.farmerPortal),
            INVESTOR_APP_DIR: appDirs["investor-app"],
            FARMER_PORTAL_DIR: appDirs["farmer-portal"],
          }
        : {}),
      ...options.backendEnv,
    };
    for (const name of ["DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "S3_BUCKET"]) delete backendEnv[name];
    await appsBuilt;
    log("starting backend");
    const tsx = createRequire(join(repoRoot, "package.json")).resolve("tsx/cli");
    const backend = spawn("backend", [tsx, "src/server.ts"], join(repoRoot, "backend"), backendEnv);
    await waitForHttp(`${apiUrl}/api/health`, backend);
    log(`API on ${apiUrl}/api`);
    if (appsMode === "production") {
      log(
        `investor app on http://${host}:${ports.investorApp}, farmer portal on http://${host}:${ports.farmerPortal} (production server)`,
      );
    }

    if (options.seedDemoData) {
      log("seeding demo data");
      const sink = mail.sink;
      await seedDemoData({
        apiUrl,
        rpcUrl: chain.rpcUrl,
        deployment,
        // The farmer portal's: the seed's admin decisions are accepted only from it.
        origin: `http://${host}:${ports.farmerPortal}`,
        buyerLinkToken: (email, invoiceNumber) => buyerLinkToken(sink, email, invoiceNumber),
      });
    }
    if (options.blockTimeSeconds) await setIntervalMining(chain.rpcUrl, options.blockTimeSeconds);
    // Ready means the API shows what is on chain: the seed's last transactions must be indexed too. (An indexer
    // turned off, or held some blocks behind a chain that only mines on transactions, would never get there.)
    const indexerOff = ["false", "0"].includes(backendEnv.INDEXER_ENABLED ?? "");
    if (!indexerOff && (Number(backendEnv.INDEXER_CONFIRMATIONS ?? 0) === 0 || options.blockTimeSeconds))
      await waitForIndexer(apiUrl, { backend });
    return { rpcUrl: chain.rpcUrl, deployment };
  };

  try {
    const [{ rpcUrl, deployment }] = await Promise.all([
      startChainAndBackend(),
      appsMode === "dev" ? startDevApps() : appsBuilt,
    ]);
    return {
      chain: { rpcUrl, chainId },
      apiUrl,
      docsUrl: `${apiUrl}/api/docs`,
      investorAppUrl: `http://${host}:${ports.investorApp}`,
      farmerPortalUrl: `http://${host}:${ports.farmerPortal}`,
      mailUrl: mail?.webUrl ?? "",
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

/** From now on the chain mines a block every `seconds` and no longer one per transaction. */
async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setIntervalMining", params: [seconds] }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_setIntervalMining: ${body.error.message}`);
}

/**
 * Waits until `GET /api/health` reports the indexer at (or past) the chain head it reported first, so the API shows
 * every transaction mined before the call. `backend`, when given, fails the wait early if it exits.
 */
export async function waitForIndexer(
  apiUrl: string,
  { backend, timeoutMs = 60_000 }: { backend?: Child; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let target: number | null = null;
  while (Date.now() < deadline) {
    if (backend && backend.process.exitCode !== null)
      throw new Error("backend exited while the indexer caught up");
    const res = await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
    const { chain } = (await res.json()) as HealthResponse;
    target ??= chain.head;
    if (target !== null && chain.indexed !== null && chain.indexed >= target) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the indexer did not reach block ${target} within ${timeoutMs / 1000} s`);
}

/** An example rate so the local stack shows Rupiah; an empty RUPIAH_PER_GOLD in the environment shows none. */
function exampleRupiahRate(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rate = env.RUPIAH_PER_GOLD ?? "16000";
  if (rate.trim() === "") return { RUPIAH_PER_GOLD: "", RUPIAH_RATE_SOURCE: "", RUPIAH_RATE_DATE: "" };
  return {
    RUPIAH_PER_GOLD: rate,
    RUPIAH_RATE_SOURCE: env.RUPIAH_RATE_SOURCE ?? "Example rate, local stack",
    RUPIAH_RATE_DATE: env.RUPIAH_RATE_DATE ?? "2026-11-02",
  };
}
