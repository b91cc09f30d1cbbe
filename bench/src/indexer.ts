import { randomBytes } from "node:crypto";
import { deployFarm, farmNftAbi, goldTokenAbi } from "@farm/contracts";
import { ONE_GOLD } from "@farm/core";
import { anvilChain, anvilKeys, startAnvil, verifyInvestor } from "@farm/testkit";
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
import { timedBackfill } from "./backfill";
import { median } from "./median";

// Indexer backfill throughput: generate >= 20,000 contract events on anvil (many investors, many invoices), then
// time a full backfill into PostgreSQL and compare it with the raw eth_getLogs rate of the same node (each measured
// BENCH_RUNS times, 3 by default, the medians compared). Target: the backfill at >= 35 % of the raw rate.

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const INVESTORS = Number(process.env.BENCH_INVESTORS ?? 40);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100);
const BLOCK_RANGE = Number(process.env.BENCH_BLOCK_RANGE ?? 50);
/** Times the raw fetch and the backfill are each measured; their medians are compared. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
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
  const databases: string[] = [];
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
    // Shares go only to verified wallets (decision 0049): one credential each, mined before the batches.
    for (const investor of investors) {
      await verifyInvestor({ publicClient, writer: admin }, deployment.farmNft, investor);
    }
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
            // Within the fee cap (0.067 % a day: at most 603 bps over 90 days).
            600,
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
    const rawFetch = async (): Promise<{ events: number; seconds: number }> => {
      const rawStart = performance.now();
      let fetched = 0;
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
        fetched += logs?.length ?? 0;
      }
      return { events: fetched, seconds: (performance.now() - rawStart) / 1000 };
    };

    // A full backfill into a fresh database, with the indexer and the hooks as the backend builds them.
    const backfill = async (run: number): Promise<number> => {
      const name = `${databaseName}_${run}`;
      databases.push(name);
      await adminQuery(`CREATE DATABASE ${name}`);
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${name}`;
      return timedBackfill({
        databaseUrl: databaseUrl.toString(),
        rpcUrl: url,
        chainId: anvil.chainId,
        addresses: {
          goldToken: deployment.goldToken,
          goldFaucet: deployment.goldFaucet,
          farmNft: deployment.farmNft,
          farmVault: deployment.farmVault,
        },
        startBlock: deployment.blockNumber,
        blockRange: BLOCK_RANGE,
        expect: { head, events },
      });
    };

    // Each measured RUNS times, alternating, and the medians compared: one sub-second run of either is noisy.
    const rawRuns: number[] = [];
    const backfillRuns: number[] = [];
    let events = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const raw = await rawFetch();
      events = raw.events;
      rawRuns.push(raw.seconds);
      backfillRuns.push(await backfill(run));
    }
    const rawSeconds = median(rawRuns);
    const backfillSeconds = median(backfillRuns);

    const rawRate = events / rawSeconds;
    const backfillRate = events / backfillSeconds;
    const figures = {
      benchmark: "indexer-backfill",
      events,
      blocks: head - deployment.blockNumber + 1,
      investors: investors.length,
      invoices: INVOICES,
      blockRange: BLOCK_RANGE,
      runs: RUNS,
      rawFetchSecondsByRun: rawRuns.map((seconds) => Number(seconds.toFixed(3))),
      backfillSecondsByRun: backfillRuns.map((seconds) => Number(seconds.toFixed(3))),
      generationSeconds: Number(generationSeconds.toFixed(1)),
      rawFetchSeconds: Number(rawSeconds.toFixed(3)),
      rawFetchEventsPerSecond: Math.round(rawRate),
      backfillSeconds: Number(backfillSeconds.toFixed(3)),
      backfillEventsPerSecond: Math.round(backfillRate),
      backfillShareOfRawFetch: Number((backfillRate / rawRate).toFixed(3)),
      targets: {
        eventsAtLeast20000: events >= 20_000,
        backfillAtLeast2000PerSecond: backfillRate >= 2000,
        backfillAtLeast35PercentOfRaw: backfillRate / rawRate >= 0.35,
      },
    };
    console.log(
      `events generated      ${events} in ${figures.blocks} blocks (${figures.generationSeconds} s)`,
    );
    console.log(
      `raw eth_getLogs       ${figures.rawFetchEventsPerSecond} events/s (median ${figures.rawFetchSeconds} s of ${figures.rawFetchSecondsByRun.join(", ")})`,
    );
    console.log(
      `backfill to Postgres  ${figures.backfillEventsPerSecond} events/s (median ${figures.backfillSeconds} s of ${figures.backfillSecondsByRun.join(", ")})`,
    );
    console.log(`backfill / raw fetch  ${(figures.backfillShareOfRawFetch * 100).toFixed(1)} %`);
    console.log(JSON.stringify(figures));
  } finally {
    for (const name of databases) {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    }
    await anvil.stop();
  }
}

await main();
