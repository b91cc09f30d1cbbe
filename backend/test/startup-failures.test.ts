import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Anvil, getFreePort, startAnvil } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverExit } from "./server-process";

/** A deployment file's addresses (any four; nothing is called on them before the start-up checks). */
const addresses = {
  goldToken: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  goldFaucet: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  farmNft: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
  farmVault: "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
};

/**
 * server.ts given a setting it cannot start with: exit status 1 and one line on stderr naming the variable (or the
 * command to run), not a stack trace. Each case is a real process on a real file, port or node.
 */
describe("server.ts start-up failures", { timeout: 120_000 }, () => {
  let dir: string;
  let anvil: Anvil;
  let base: NodeJS.ProcessEnv;

  beforeAll(async () => {
    [dir, anvil] = await Promise.all([mkdtemp(join(tmpdir(), "farm-startup-")), startAnvil()]);
    base = {
      PATH: process.env.PATH,
      DATA_DIR: "memory://",
      STORAGE_DIR: join(dir, "storage"),
      RPC_URL: anvil.rpcUrl,
      DEPLOYMENTS_FILE: join(dir, "none.json"),
    };
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const refusal = async (env: NodeJS.ProcessEnv) => {
    const { code, stderr } = await serverExit({ ...base, ...env });
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    return lines[0] ?? "";
  };

  it("names DATABASE_URL (without its password) when PostgreSQL cannot be reached", async () => {
    const port = await getFreePort();
    const line = await refusal({ DATABASE_URL: `postgres://farm:s3cret@127.0.0.1:${port}/farm` });
    expect(line).toBe(
      `DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:${port}/farm (ECONNREFUSED); is it running, and is the address right?`,
    );
  });

  it("names DEPLOYMENTS_FILE and its path when the file is not JSON, malformed, or for another chain", async () => {
    const file = join(dir, "31337.json");
    await writeFile(file, '{"chainId": 31337, "goldToken": ');
    expect(await refusal({ DEPLOYMENTS_FILE: file })).toMatch(
      new RegExp(`^Invalid DEPLOYMENTS_FILE ${file}: not JSON \\(.+\\)$`),
    );
    await writeFile(file, JSON.stringify({ ...addresses, chainId: 31337, farmNft: "0x12" }));
    expect(await refusal({ DEPLOYMENTS_FILE: file })).toBe(
      `Invalid DEPLOYMENTS_FILE ${file}: farmNft: not an address`,
    );
    await writeFile(file, JSON.stringify({ ...addresses, chainId: 84532 }));
    expect(await refusal({ DEPLOYMENTS_FILE: file })).toBe(
      `Invalid DEPLOYMENTS_FILE ${file}: it is for chain 84532, the backend runs on chain 31337 (NETWORK or CHAIN_ID)`,
    );
  });

  it("names RPC_URL and NETWORK when the node serves another chain than the configured one", async () => {
    const file = join(dir, "84532.json");
    await writeFile(file, JSON.stringify({ ...addresses, chainId: 84532 }));
    expect(await refusal({ NETWORK: "base-sepolia", DEPLOYMENTS_FILE: file })).toBe(
      "RPC_URL serves chain 31337, not base-sepolia (84532): point RPC_URL at a node of base-sepolia (84532), or set NETWORK (or CHAIN_ID) to the chain it serves",
    );
  });

  it("npm run serve before npm run build says to run it, or to set the build's folder", async () => {
    const file = join(dir, "served.json");
    await writeFile(file, JSON.stringify({ ...addresses, chainId: 31337 }));
    const investorDir = join(dir, "investor-dist");
    const farmerDir = join(dir, "farmer-dist");
    await mkdir(investorDir, { recursive: true });
    await writeFile(join(investorDir, "index.html"), "<!doctype html><title>Investor</title>");
    const line = await refusal({
      SERVE_APPS: "true",
      DEPLOYMENTS_FILE: file,
      INVESTOR_APP_DIR: investorDir,
      FARMER_PORTAL_DIR: farmerDir,
    });
    expect(line).toBe(
      `npm run serve: no farmer-portal build in ${farmerDir}: run \`npm run build\` first, or set FARMER_PORTAL_DIR to the folder of its build`,
    );
  });

  it("names PORT when another process listens on it", async () => {
    const port = await getFreePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      expect(await refusal({ PORT: String(port), LOG_LEVEL: "error" })).toBe(
        `PORT: 127.0.0.1:${port} is already in use by another process; stop it or choose another port`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
