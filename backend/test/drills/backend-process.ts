import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { anvilKeys, getFreePort } from "@farm/testkit";
import type { LocalAccount } from "viem";
import type { FarmChain } from "../chain-fixture";
import { buyerDueDate, invoiceForm } from "../fixtures";
import { signSiweMessage, testOrigin } from "../helpers";

const backendDir = fileURLToPath(new URL("../../", import.meta.url));

/** One backend instance in its own process (server.ts, as production runs it). */
export interface BackendProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit signal or code once the process is gone. */
  exited: Promise<string>;
}

/** The environment of an instance on `farm`'s chain: the indexer on, polling every 200 ms. */
export function chainEnv(farm: FarmChain): Record<string, string> {
  const { goldToken, goldFaucet, farmNft, farmVault, farmMarket, blockNumber } = farm.deployment;
  return {
    RPC_URL: farm.anvil.rpcUrl,
    CHAIN_ID: String(farm.anvil.chainId),
    GOLD_TOKEN_ADDRESS: goldToken,
    GOLD_FAUCET_ADDRESS: goldFaucet,
    FARM_NFT_ADDRESS: farmNft,
    FARM_VAULT_ADDRESS: farmVault,
    ...(farmMarket ? { FARM_MARKET_ADDRESS: farmMarket } : {}),
    INDEXER_START_BLOCK: String(blockNumber),
    INDEXER_CONFIRMATIONS: "0",
    INDEXER_POLL_INTERVAL_MS: "200",
    OPERATOR_PRIVATE_KEY: anvilKeys[1],
  };
}

/**
 * Starts server.ts with `env` and waits until /api/health answers. PGAPPNAME names its PostgreSQL connections, so a
 * test can see in pg_stat_activity which instance holds a lock.
 */
export async function startBackendProcess(
  name: string,
  env: Record<string, string>,
  /** The backend folder to run (another release's checkout in the rolling-upgrade drill). */
  cwd = backendDir,
): Promise<BackendProcess> {
  const port = await getFreePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      METRICS_ENABLED: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      PGAPPNAME: name,
      DEPLOYMENTS_FILE: join(tmpdir(), "farm-drill-no-deployment.json"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? String(code))),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { name, url, child, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not become healthy within 60 s`);
}

/** Stops an instance (SIGTERM, then SIGKILL after 5 s) if it still runs. */
export async function stopBackendProcess(instance: BackendProcess): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), 5_000);
  await instance.exited;
  clearTimeout(timer);
}

/** A random client address, sent as X-Forwarded-For (TRUST_PROXY=true): its own rate-limit buckets. */
export const randomClientIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join(".")}`;

/** Signs in over HTTP: the nonce from `issuer`, the signature verified by `verifier`. Returns the Cookie header. */
export async function signInOverHttp(
  issuer: string,
  verifier: string,
  account: LocalAccount,
  clientIp: string,
): Promise<string> {
  const headers = { "x-forwarded-for": clientIp };
  const { nonce } = (await (await fetch(`${issuer}/api/auth/nonce`, { headers })).json()) as {
    nonce: string;
  };
  const signed = await signSiweMessage(account, nonce);
  const reply = await fetch(`${verifier}/api/auth/verify`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", origin: testOrigin },
    body: JSON.stringify(signed),
  });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${await reply.text()}`);
  const cookie = reply.headers.getSetCookie().find((c) => c.startsWith("farm_session="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie.split(";")[0]!;
}

/** An invoice submission as the farmer portal sends it (`POST /api/invoices`, multipart, with a PDF). */
export function drillInvoiceForm(invoiceNumber: string): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  return invoiceForm({
    invoiceNumber,
    buyerName: "PT Pangan Sejahtera",
    buyerContact: "finance@pangansejahtera.co.id",
    amount: "1500000000000000000000",
    yieldBps: 400,
    tenorDays: 60,
    fundingDays: 14,
    dueDate: buyerDueDate,
    description: "rice",
  });
}

/** Inserts an approved farmer for `address` straight into the database at `url` (the review is not under test). */
export const approvedFarmerSql = `insert into farmers (wallet_address, status, full_name, nik_encrypted, email, phone,
  date_of_birth, street, province, city, district, postal_code, business_name, business_type, npwp_encrypted,
  bank_name, bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
  values ($1, 'approved', 'Drill Farmer', 'x', 'drill@example.id', '+620000', '1980-01-01', 'Jl. 1', 'Jawa Barat',
  'Bandung', 'Cibiru', '40614', 'Drill Farm', 'individual', 'x', 'BRI', 'x', 'Drill Farmer', '["rice"]', 1, 1)`;
