import { randomBytes } from "node:crypto";
import {
  ChainHookRegistry,
  ChainIndexer,
  connectDatabase,
  createChainClients,
  gameChainHooks,
  ProcessLock,
} from "@farm/backend/bench-kit";
import { deployFarm, farmNftAbi, goldTokenAbi } from "@farm/contracts";
import { ONE_GOLD } from "@farm/core";
import { anvilChain, anvilKeys, startAnvil } from "@farm/testkit";
import pg from "pg";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  sha256,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

// Indexer backfill throughput: generate >= 20,000 contract events on anvil (many investors, many invoices), then
// time a full backfill into PostgreSQL and compare it with the raw eth_getLogs rate of the same node.

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const INVESTORS = Number(process.env.BENCH_INVESTORS ?? 40);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100);
const BLOCK_RANGE = Number(process.env.BENCH_BLOCK_RANGE ?? 50);
/** Transactions sent per JSON-RPC batch before mining them. */
const TX_BATCH = 500;
/** Logs of one invest: GOLD Transfer, TransferSingle, Invested (the yield was reserved once, at approval). */
const LOGS_PER_INVEST = 3;
/** The invoices' farmer: an address no investor uses, since a farmer may not invest in its own invoice. */
const FARMER: Address = "0x000000000000000000000000000000000000fa12";
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

let rpcId = 0;
async function rpc<T>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const body = calls.map((call) => ({ jsonrpc: "2.0", id: ++rpcId, ...call }));
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[];
  answers.sort((a, b) => a.id - b.id);
  return answers.map((answer) => {
    if (answer.error) throw new Error(`${answer.error.message}`);
    return answer.result as T;
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Tx {
  from: Address;
  to: Address;
  data: Hex;
}

/**
 * Sends transactions from anvil's unlocked accounts in JSON-RPC batches with automine off, then mines until the pool
 * is empty. Nonces are assigned here: anvil would give concurrent sends of one account the same nonce.
 */
async function sendAndMine(url: string, txs: Tx[]): Promise<void> {
  for (let start = 0; start < txs.length; start += TX_BATCH) {
    const batch = txs.slice(start, start + TX_BATCH);
    const senders = [...new Set(batch.map((tx) => tx.from))];
    const counts = await rpc<Hex>(
      url,
      senders.map((sender) => ({ method: "eth_getTransactionCount", params: [sender, "pending"] })),
    );
    const nonces = new Map(senders.map((sender, n) => [sender, Number(counts[n])]));
    await rpc(
      url,
      batch.map((tx) => {
        const nonce = nonces.get(tx.from) ?? 0;
        nonces.set(tx.from, nonce + 1);
        return {
          method: "eth_sendTransaction",
          params: [{ ...tx, gas: numberToHex(400_000), nonce: numberToHex(nonce) }],
        };
      }),
    );
    for (;;) {
      await rpc(url, [{ method: "evm_mine", params: [] }]);
      const [status] = await rpc<{ pending: Hex }>(url, [{ method: "txpool_status", params: [] }]);
      if (!status || BigInt(status.pending) === 0n) break;
    }
  }
}

async function main(): Promise<void> {
  const anvil = await startAnvil({ args: ["--accounts", String(INVESTORS + 2), "--gas-limit", "60000000"] });
  const url = anvil.rpcUrl;
  const chain = anvilChain({ chainId: anvil.chainId, rpcUrl: url });
  const publicClient = createPublicClient({ chain, transport: http(url) });
  const admin = createWalletClient({
    chain,
    transport: http(url),
    account: privateKeyToAccount(anvilKeys[0]),
  });
  const operator = privateKeyToAccount(anvilKeys[1]).address;
  const databaseName = `farm_bench_indexer_${randomBytes(4).toString("hex")}`;
  let connection: Awaited<ReturnType<typeof connectDatabase>> | undefined;
  try {
    const deployment = await deployFarm({
      publicClient,
      walletClient: admin,
      operator,
      // Enough free reserve that every invoice's whole yield stays within the reservation limit at approval.
      vaultFunding: 100_000_000n * ONE_GOLD,
    });
    const [accounts] = await rpc<Address[]>(url, [{ method: "eth_accounts", params: [] }]);
    const investors = (accounts ?? []).slice(2, 2 + INVESTORS);
    await rpc(url, [{ method: "evm_setAutomine", params: [false] }]);

    const started = Date.now();
    const perInvestor = 1_000_000n * ONE_GOLD;
    const setup: Tx[] = investors.flatMap((investor) => [
      {
        from: admin.account.address,
        to: deployment.goldToken,
        data: encodeFunctionData({ abi: goldTokenAbi, functionName: "mint", args: [investor, perInvestor] }),
      },
      {
        from: investor,
        to: deployment.goldToken,
        data: encodeFunctionData({
          abi: goldTokenAbi,
          functionName: "approve",
          args: [deployment.farmNft, perInvestor],
        }),
      },
    ]);
    const block = await publicClient.getBlock();
    for (let n = 0; n < INVOICES; n++) {
      setup.push({
        from: operator,
        to: deployment.farmNft,
        data: encodeFunctionData({
          abi: farmNftAbi,
          functionName: "submitInvoice",
          args: [
            FARMER,
            1_000_000n * ONE_GOLD,
            1000,
            90,
            block.timestamp + 30n * 86_400n,
            keccak256(toHex(`bench-invoice-${n}`)),
            sha256(toHex(`bench-invoice-document-${n}`)),
          ],
        }),
      });
    }
    await sendAndMine(url, setup);
    await sendAndMine(
      url,
      Array.from({ length: INVOICES }, (_, n) => ({
        from: admin.account.address,
        to: deployment.farmNft,
        data: encodeFunctionData({ abi: farmNftAbi, functionName: "approveInvoice", args: [BigInt(n + 1)] }),
      })),
    );
    const invests = Math.ceil(TARGET_EVENTS / LOGS_PER_INVEST);
    await sendAndMine(
      url,
      Array.from({ length: invests }, (_, n) => ({
        from: investors[n % investors.length] as Address,
        to: deployment.farmNft,
        data: encodeFunctionData({
          abi: farmNftAbi,
          functionName: "invest",
          args: [BigInt((n % INVOICES) + 1), ONE_GOLD + BigInt(n)],
        }),
      })),
    );
    const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
    const generationSeconds = (Date.now() - started) / 1000;
    const addresses = [deployment.goldToken, deployment.goldFaucet, deployment.farmNft, deployment.farmVault];

    // Raw fetch: the same block ranges the indexer asks for, nothing done with the logs.
    const rawStart = performance.now();
    let events = 0;
    for (let from = deployment.blockNumber; from <= head; from += BLOCK_RANGE) {
      const [logs] = await rpc<unknown[]>(url, [
        {
          method: "eth_getLogs",
          params: [
            {
              address: addresses,
              fromBlock: numberToHex(from),
              toBlock: numberToHex(Math.min(head, from + BLOCK_RANGE - 1)),
            },
          ],
        },
      ]);
      events += logs?.length ?? 0;
    }
    const rawSeconds = (performance.now() - rawStart) / 1000;

    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${databaseName}`;
    connection = await connectDatabase({ databaseUrl: databaseUrl.toString(), dataDir: "unused" });
    // The indexer's client as the backend builds it (same transport settings).
    const { publicClient: indexerClient } = createChainClients({
      rpcUrl: url,
      chainId: anvil.chainId,
      operatorPrivateKey: undefined,
      requestTimeoutMs: 60_000,
    });
    const hooks = new ChainHookRegistry();
    hooks.register(gameChainHooks());
    const indexer = new ChainIndexer({
      db: connection.db,
      client: indexerClient,
      chainId: anvil.chainId,
      addresses: {
        goldToken: deployment.goldToken,
        goldFaucet: deployment.goldFaucet,
        farmNft: deployment.farmNft,
        farmVault: deployment.farmVault,
      },
      startBlock: deployment.blockNumber,
      confirmations: 0,
      blockRange: BLOCK_RANGE,
      pollIntervalMs: 1000,
      // The hooks the backend registers (plugins/chain.ts): the game grants XP for every planting and harvest inside
      // the same transactions, so the figure is the backfill a real instance does.
      hooks,
      lock: new ProcessLock(connection.db),
    });
    const backfillStart = performance.now();
    const result = await indexer.syncOnce();
    const backfillSeconds = (performance.now() - backfillStart) / 1000;
    await indexer.stop();
    if (result.indexed !== head || result.events !== events) {
      throw new Error(
        `backfill indexed ${result.events} events to block ${result.indexed}; expected ${events} to ${head}`,
      );
    }

    const rawRate = events / rawSeconds;
    const backfillRate = events / backfillSeconds;
    const figures = {
      benchmark: "indexer-backfill",
      events,
      blocks: head - deployment.blockNumber + 1,
      investors: investors.length,
      invoices: INVOICES,
      blockRange: BLOCK_RANGE,
      generationSeconds: Number(generationSeconds.toFixed(1)),
      rawFetchSeconds: Number(rawSeconds.toFixed(3)),
      rawFetchEventsPerSecond: Math.round(rawRate),
      backfillSeconds: Number(backfillSeconds.toFixed(3)),
      backfillEventsPerSecond: Math.round(backfillRate),
      backfillShareOfRawFetch: Number((backfillRate / rawRate).toFixed(3)),
      targets: {
        eventsAtLeast20000: events >= 20_000,
        backfillAtLeast2000PerSecond: backfillRate >= 2000,
        backfillAtLeast25PercentOfRaw: backfillRate / rawRate >= 0.25,
      },
    };
    console.log(
      `events generated      ${events} in ${figures.blocks} blocks (${figures.generationSeconds} s)`,
    );
    console.log(
      `raw eth_getLogs       ${figures.rawFetchEventsPerSecond} events/s (${figures.rawFetchSeconds} s)`,
    );
    console.log(
      `backfill to Postgres  ${figures.backfillEventsPerSecond} events/s (${figures.backfillSeconds} s)`,
    );
    console.log(`backfill / raw fetch  ${(figures.backfillShareOfRawFetch * 100).toFixed(1)} %`);
    console.log(JSON.stringify(figures));
  } finally {
    await connection?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
    await anvil.stop();
  }
}

await main();
