import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getFreePort } from "./free-port";

export interface AnvilOptions {
  /** Port on 127.0.0.1; a free one when omitted. */
  port?: number;
  chainId?: number;
  /** Seconds between blocks; automine (a block per transaction) when omitted. */
  blockTime?: number;
  /** Extra command-line arguments passed to anvil as they are. */
  args?: string[];
}

export interface Anvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** Path of the anvil binary shipped by the platform package of @foundry-rs/anvil, skipping its node wrapper. */
export function anvilBinary(): string {
  const platform = `${process.platform === "win32" ? "win32" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${platform}/package.json`);
    return join(dirname(pkg), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  } catch {
    return join(dirname(require.resolve("@foundry-rs/anvil/package.json")), "bin.mjs");
  }
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const port = options.port ?? (await getFreePort());
  const chainId = options.chainId ?? 31337;
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--silent"];
  if (options.blockTime !== undefined) args.push("--block-time", String(options.blockTime));
  args.push(...(options.args ?? []));
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`anvil exited with code ${code}: ${stderr.trim()}`))),
  );
  exited.catch(() => {});
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await Promise.race([
        fetch(rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        }),
        exited,
      ]);
      if (res.ok) break;
    } catch (error) {
      if (child.exitCode !== null) throw error;
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`anvil did not answer on ${rpcUrl} within 20 s`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    rpcUrl,
    port,
    chainId,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
