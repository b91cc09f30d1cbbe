import { fork } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  blockHash,
  blockTime,
  FAKE_CHAIN_ID,
  fakeAddresses,
  logsInPlan,
  planBlock,
  START_BLOCK,
} from "./fake-chain";
import { checkAgainstViem, renderBlockLogs } from "./fake-logs";

// A JSON-RPC node serving the synthetic chain of fake-chain.ts up to a fixed head: the methods the indexer calls
// (eth_chainId, eth_blockNumber, eth_getBlockByNumber, eth_getLogs) and fake_stats (calls per method, so the benchmark
// can show nothing else was asked). It runs in a child process: its CPU time overlaps the indexer's instead of
// adding to it, and its memory stays out of the indexer's resident size.

/** Like hosted nodes, refuse a query whose result would be larger (the indexer then halves its range). */
const MAX_LOGS_PER_QUERY = 10_000;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const hex = (value: number) => `0x${value.toString(16)}`;

function blockNumberOf(tag: unknown, head: number): number {
  if (tag === "latest" || tag === "safe" || tag === "finalized" || tag === "pending" || tag === undefined)
    return head;
  if (tag === "earliest") return 0;
  if (typeof tag === "string" && /^0x[0-9a-f]+$/i.test(tag)) return Number.parseInt(tag, 16);
  throw new RpcError(-32602, `invalid block tag ${String(tag)}`);
}

function blockJson(number: number): string {
  return JSON.stringify({
    number: hex(number),
    hash: blockHash(number),
    parentHash: blockHash(number - 1),
    timestamp: hex(blockTime(number)),
    nonce: "0x0000000000000000",
    difficulty: "0x0",
    gasLimit: hex(60_000_000),
    gasUsed: "0x0",
    miner: `0x${"0".repeat(40)}`,
    extraData: "0x",
    baseFeePerGas: "0x1",
    logsBloom: `0x${"0".repeat(512)}`,
    sha3Uncles: `0x${"0".repeat(64)}`,
    stateRoot: `0x${"0".repeat(64)}`,
    transactionsRoot: `0x${"0".repeat(64)}`,
    receiptsRoot: `0x${"0".repeat(64)}`,
    size: "0x0",
    transactions: [],
    uncles: [],
  });
}

interface LogFilter {
  fromBlock?: string;
  toBlock?: string;
  address?: string | string[];
  blockHash?: string;
}

/** The logs of [fromBlock, toBlock] (clamped to the head), as a JSON array text. */
function getLogs(filter: LogFilter, head: number): string {
  if (filter.blockHash) throw new RpcError(-32602, "blockHash filters are not supported by the fake node");
  const from = blockNumberOf(filter.fromBlock ?? "latest", head);
  const to = Math.min(head, blockNumberOf(filter.toBlock ?? "latest", head));
  if (filter.address === undefined) throw new RpcError(-32602, "the fake node wants an address filter");
  const wanted = new Set(
    (Array.isArray(filter.address) ? filter.address : [filter.address]).map((a) => a.toLowerCase()),
  );
  const all = Object.values(fakeAddresses).every((address) => wanted.has(address));
  let count = 0;
  for (let number = from; number <= to; number++) {
    count += logsInPlan(planBlock(number));
    if (count > MAX_LOGS_PER_QUERY) {
      throw new RpcError(-32005, `query returned more than ${MAX_LOGS_PER_QUERY} results`);
    }
  }
  const out: string[] = [];
  for (let number = from; number <= to; number++) renderBlockLogs(number, out, all ? null : wanted);
  return `[${out.join(",")}]`;
}

const calls: Record<string, number> = {};

function answer(method: string, params: unknown[], head: number): string {
  calls[method] = (calls[method] ?? 0) + 1;
  switch (method) {
    case "eth_chainId":
      return JSON.stringify(hex(FAKE_CHAIN_ID));
    case "net_version":
      return JSON.stringify(String(FAKE_CHAIN_ID));
    case "eth_blockNumber":
      return JSON.stringify(hex(head));
    case "eth_getBlockByNumber": {
      const number = blockNumberOf(params[0], head);
      return number > head ? "null" : blockJson(number);
    }
    case "eth_getLogs":
      return getLogs((params[0] ?? {}) as LogFilter, head);
    case "fake_stats":
      return JSON.stringify(calls);
    default:
      throw new RpcError(-32601, `the fake node does not implement ${method}`);
  }
}

function respond(call: { id?: unknown; method?: string; params?: unknown[] }, head: number): string {
  const id = JSON.stringify(call.id ?? null);
  try {
    return `{"jsonrpc":"2.0","id":${id},"result":${answer(String(call.method), call.params ?? [], head)}}`;
  } catch (error) {
    const code = error instanceof RpcError ? error.code : -32603;
    return `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify({ code, message: String((error as Error).message) })}}`;
  }
}

function handle(head: number, request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let text: string;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      text = Array.isArray(body)
        ? `[${body.map((call) => respond(call, head)).join(",")}]`
        : respond(body, head);
    } catch {
      text = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';
    }
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    response.end(text);
  });
}

export interface FakeNode {
  url: string;
  /** Calls served so far, by method. */
  stats(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** Starts the fake node in a child process, serving blocks up to `head`. */
export async function startFakeNode(head: number): Promise<FakeNode> {
  const child = fork(fileURLToPath(import.meta.url), [String(head)], {
    // Only tsx: the parent's own flags (--cpu-prof, --expose-gc) are about the indexer, not this process.
    execArgv: ["--import", "tsx"],
    cwd: fileURLToPath(new URL("..", import.meta.url)),
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`fake node exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stats: async () => {
      const response = await fetch(url, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "fake_stats", params: [] }),
      });
      return ((await response.json()) as { result: Record<string, number> }).result;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    },
  };
}

// The child: check the fast log encoding against viem once (a ramp-up block and a steady one), then serve.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const head = Number(process.argv[2]);
  checkAgainstViem([START_BLOCK, START_BLOCK + 200]);
  const server = createServer((request, response) => handle(head, request, response));
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });
  // The benchmark went away (or stopped us): nothing left to serve.
  process.on("disconnect", () => process.exit(0));
}
