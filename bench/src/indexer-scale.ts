import { connectDatabase } from "@farm/backend/bench-kit";
import pg from "pg";
import type { Address } from "viem";
import { benchDatabase, queryOnce } from "./backend-process";
import { timedBackfill } from "./backfill";
import {
  chainFor,
  expectedIndex,
  FAKE_CHAIN_ID,
  fakeAddresses,
  investorsWithEmail,
  START_BLOCK,
} from "./fake-chain";
import { type FakeNode, startFakeNode } from "./fake-rpc";
import { forceGc, MemoryTimeline } from "./memory-samples";

// Indexer backfill at scale: the real ChainIndexer, with the game's hooks as the backend registers them, backfills
// 1,000,000 events (BENCH_INDEXER_SCALE_EVENTS) from a fake JSON-RPC node (fake-rpc.ts: anvil cannot produce that many
// quickly) into a fresh PostgreSQL database. Targets: >= 25,000 events/s, and memory flat: the resident size at the
// end at most 1.5 times the one after the first 100,000 events. Run with NODE_OPTIONS=--expose-gc to sample memory
// after full collections (the figures then say so).

const TARGET_EVENTS = Number(process.env.BENCH_INDEXER_SCALE_EVENTS ?? 1_000_000);
/** The backend's default INDEXER_BLOCK_RANGE; the indexer sizes its ranges by log count below it. */
const BLOCK_RANGE = Number(process.env.BENCH_BLOCK_RANGE ?? 2000);
/** Memory is compared with the point after this many events (100,000 of a million; a tenth of smaller runs). */
const BASELINE_EVENTS = Math.min(100_000, Math.floor(TARGET_EVENTS / 10));
const TARGET_EVENTS_PER_SECOND = 25_000;
const MAX_RSS_GROWTH = 1.5;

interface Backfill {
  seconds: number;
  memory: MemoryTimeline;
  end: ReturnType<MemoryTimeline["stop"]>;
}

/** Backfills the whole fake chain with the indexer as the backend wires it, sampling memory all along. */
async function backfill(
  node: FakeNode,
  databaseUrl: string,
  head: number,
  totals: Float64Array,
): Promise<Backfill> {
  // Sampling starts with the timed sync (onStart), after the connection and the indexer are set up.
  let memory: MemoryTimeline | undefined;
  let end: Backfill["end"] | undefined;
  const seconds = await timedBackfill({
    databaseUrl,
    rpcUrl: node.url,
    chainId: FAKE_CHAIN_ID,
    addresses: fakeAddresses as Record<keyof typeof fakeAddresses, Address>,
    startBlock: START_BLOCK,
    blockRange: BLOCK_RANGE,
    expect: { head, events: totals[totals.length - 1] as number },
    // A probe after the platform's hooks, called once per transaction just before it commits: every block of this
    // chain has investments, and the block of the last one tells how many events the transaction brings the index to.
    probe: (hooks) =>
      hooks.register({
        onInvestmentsIndexed: async (_tx, investments) => {
          const last = investments[investments.length - 1];
          if (last) memory?.committed(totals[last.blockNumber - START_BLOCK] as number);
        },
      }),
    onStart: () => {
      memory = new MemoryTimeline();
    },
    onEnd: () => {
      end = memory?.stop();
    },
  });
  if (!memory || !end) throw new Error("the backfill did not sample memory");
  return { seconds, memory, end };
}

/** The schema, then a verified e-mail address (never written to: nothing is delivered here) for every fourth investor. */
async function giveAddresses(databaseUrl: string): Promise<void> {
  const connection = await connectDatabase({ databaseUrl, dataDir: "unused" });
  await connection.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into notification_addresses (owner, email_encrypted, language, verified_at)
       select owner, 'bench:not-an-address', 'id', now() from unnest($1::text[]) as owner`,
      [investorsWithEmail],
    );
  } finally {
    await client.end();
  }
}

/** Fails unless the index holds the rows the chain implies (events, projections, invoices by status). */
async function verifyIndex(databaseUrl: string, head: number, events: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (table: string) =>
      Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
    const statuses = await client.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from chain_invoices group by status",
    );
    const counts = {
      events: await count("chain_events"),
      investments: await count("chain_investments"),
      harvests: await count("chain_harvests"),
      repayments: await count("chain_repayments"),
      claims: await count("chain_faucet_claims"),
      invoices: Object.fromEntries(statuses.rows.map((row) => [row.status, row.n])),
      xpGrants: await count("xp_grants"),
      players: await count("players"),
    };
    const { rows, unstored } = expectedIndex(head);
    const expected = { events: events - unstored, ...rows };
    // Key order aside (the status counts come from a GROUP BY).
    const sorted = (value: unknown) =>
      JSON.stringify(typeof value === "object" && value ? Object.entries(value).sort() : value);
    const differ = (Object.keys(expected) as (keyof typeof expected)[]).filter(
      (key) => sorted(counts[key]) !== sorted(expected[key]),
    );
    if (differ.length > 0)
      throw new Error(`index rows differ from the chain: ${JSON.stringify({ counts, expected })}`);
    return counts;
  } finally {
    await client.end();
  }
}

/** The fake node's eth_getLogs alone: every block fetched in `span`-block calls, one after another, and parsed. */
async function rawFetch(
  node: FakeNode,
  head: number,
  span: number,
): Promise<{ seconds: number; logs: number }> {
  const started = performance.now();
  let logs = 0;
  for (let from = START_BLOCK; from <= head; from += span) {
    const response = await fetch(node.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: from,
        method: "eth_getLogs",
        params: [
          {
            address: Object.values(fakeAddresses),
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${Math.min(head, from + span - 1).toString(16)}`,
          },
        ],
      }),
    });
    logs += ((await response.json()) as { result: unknown[] }).result.length;
  }
  return { seconds: (performance.now() - started) / 1000, logs };
}

async function main(): Promise<void> {
  const { head, totals } = chainFor(TARGET_EVENTS);
  const blocks = totals.length;
  const events = totals[blocks - 1] as number;
  const node = await startFakeNode(head);
  const database = benchDatabase("farm_bench_indexer_scale");
  await queryOnce(`CREATE DATABASE ${database.name}`);
  try {
    await giveAddresses(database.url);
    const run = await backfill(node, database.url, head, totals);
    const calls = await node.stats();
    const index = await verifyIndex(database.url, head, events);
    // The node's own rate, for comparison: the same span the indexer's eth_getLogs calls averaged.
    const span = Math.max(1, Math.round(blocks / (calls.eth_getLogs ?? blocks)));
    const raw = await rawFetch(node, head, span);
    if (raw.logs !== events) throw new Error(`raw fetch got ${raw.logs} logs, expected ${events}`);

    const baseline = run.memory.at(BASELINE_EVENTS);
    const baselineSeconds = run.memory.secondsAt(BASELINE_EVENTS);
    const rate = events / run.seconds;
    const restRate = (events - BASELINE_EVENTS) / (run.seconds - baselineSeconds);
    const rssRatio = run.end.rssMb / baseline.rssMb;
    const mb = (value: number) => Math.round(value);
    const steps = Array.from(
      { length: Math.floor(events / BASELINE_EVENTS) },
      (_, n) => (n + 1) * BASELINE_EVENTS,
    );
    const figures = {
      benchmark: "indexer-scale",
      events,
      blocks,
      blockRange: BLOCK_RANGE,
      gcForced: forceGc !== undefined,
      backfillSeconds: Number(run.seconds.toFixed(2)),
      eventsPerSecond: Math.round(rate),
      eventsPerSecondAfterBaseline: Math.round(restRate),
      baselineEvents: BASELINE_EVENTS,
      rssAtBaselineMb: mb(baseline.rssMb),
      rssAtEndMb: mb(run.end.rssMb),
      rssRatio: Number(rssRatio.toFixed(3)),
      peakRssMb: mb(run.memory.peakRssMb),
      heapUsedAtBaselineMb: mb(baseline.heapUsedMb),
      heapUsedAtEndMb: mb(run.end.heapUsedMb),
      rssMbByEvents: steps.map((step) => [step, mb(run.memory.at(step).rssMb)]),
      rpcCalls: calls,
      rawFetchSpanBlocks: span,
      rawFetchSeconds: Number(raw.seconds.toFixed(2)),
      rawFetchEventsPerSecond: Math.round(raw.logs / raw.seconds),
      index,
      targets: {
        atLeast25000EventsPerSecond: rate >= TARGET_EVENTS_PER_SECOND,
        rssAtEndAtMost1_5xBaseline: rssRatio <= MAX_RSS_GROWTH,
      },
    };
    const n = (value: number) => value.toLocaleString("en-US");
    const met = (ok: boolean) => (ok ? "met" : "MISSED");
    console.log(
      `fake node        ${n(blocks)} blocks, ${n(events)} events; raw eth_getLogs ${n(figures.rawFetchEventsPerSecond)} events/s (${figures.rawFetchSeconds} s in ${span}-block calls, one at a time)`,
    );
    console.log(
      `backfill         ${n(figures.eventsPerSecond)} events/s overall (${figures.backfillSeconds} s); ${n(figures.eventsPerSecondAfterBaseline)} events/s for the last ${n(events - BASELINE_EVENTS)}`,
    );
    console.log(
      `memory           RSS ${figures.rssAtBaselineMb} MB after ${n(BASELINE_EVENTS)} events, ${figures.rssAtEndMb} MB at the end: x${figures.rssRatio} (peak ${figures.peakRssMb} MB; heap used ${figures.heapUsedAtBaselineMb} -> ${figures.heapUsedAtEndMb} MB; gc ${forceGc ? "forced before each sample (--expose-gc)" : "not forced"})`,
    );
    console.log(
      `RSS by events    ${figures.rssMbByEvents.map(([at, rss]) => `${n(at as number)}: ${rss} MB`).join(", ")}`,
    );
    console.log(`rpc calls        ${JSON.stringify(calls)}`);
    console.log(`index            ${JSON.stringify(index)}`);
    console.log(
      `targets          >= 25,000 events/s: ${met(figures.targets.atLeast25000EventsPerSecond)}; RSS at the end <= 1.5 x after ${n(BASELINE_EVENTS)} events: ${met(figures.targets.rssAtEndAtMost1_5xBaseline)}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await queryOnce(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch(() => {});
    await node.stop();
  }
}

await main();
