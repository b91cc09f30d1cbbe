// npm run bench:notifications: a burst of chain events making 10,000 e-mails, then a steady 100 a second for a
// minute, delivered by the real backend (its own process) over SMTP to a local sink; last line JSON.
import { randomBytes } from "node:crypto";
import { connectDatabase, encryptField, startSendingOnly } from "@farm/backend/bench-kit";
import { getFreePort, startSmtpSink } from "@farm/testkit";
import pg from "pg";
import { benchDatabase, queryOnce, startBackend } from "./backend-process";
import { type BenchEvent, fundedEvents, insertEvents, seedInvoices } from "./notifications-seed";

const burstInvoices = 100;
const holdersPerInvoice = 100; // 100 x 100 = 10,000 "seed fully funded" e-mails from one indexer transaction
const steadyPerSecond = 100;
const steadySeconds = Number(process.env.BENCH_NOTIFY_STEADY_SECONDS ?? 60);
const steadyHolders = 10; // one funded invoice of 10 holders every 100 ms

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function main() {
  const sink = await startSmtpSink();
  const database = benchDatabase("farm_bench_notify");
  await queryOnce(`CREATE DATABASE ${database.name}`);
  const key = randomBytes(32);
  const port = await getFreePort();
  const backend = await startBackend(port, database.url, {
    ENCRYPTION_KEY: key.toString("hex"),
    SMTP_URL: sink.url,
    NOTIFY_POLL_INTERVAL_MS: "50",
    NOTIFY_BATCH_SIZE: "200",
    NOTIFY_CONCURRENCY: "16",
  });
  const { db, close } = await connectDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 4 });
  const raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  // The bench stands in for the indexer: it creates the e-mail jobs, the backend's pg-boss workers deliver them.
  const jobs = await startSendingOnly(database.url);
  try {
    const steadyInvoices = Math.ceil((steadySeconds * steadyPerSecond) / steadyHolders);
    const holders = await seedInvoices(db, raw, {
      burst: { invoices: burstInvoices, holders: holdersPerInvoice },
      steady: { invoices: steadyInvoices, holders: steadyHolders },
      email: (n) => encryptField(key, `holder-${n}@bench.example`),
    });
    // When each message's event was recorded (its notification's created_at), by Message-ID.
    const createdAt = async () => {
      const rows = await raw.query<{ id: string; at: Date }>(
        "select id::text as id, created_at as at from notifications where kind = 'seed_funded'",
      );
      return new Map(rows.rows.map((row) => [`<notification-${row.id}@farm.localhost>`, row.at.getTime()]));
    };

    // Burst: the indexer records 100 InvoiceFunded events in one transaction.
    const burstStart = Date.now();
    await insertEvents(db, raw, jobs, fundedEvents(0, burstInvoices));
    await sink.waitFor(burstInvoices * holdersPerInvoice, () => true, 300_000);
    const burstEnd = Math.max(...sink.messages.map((m) => m.receivedAt));
    const burstCount = sink.messages.length;

    // Steady: one funded invoice of 10 holders every 100 ms.
    const steadyStart = Date.now();
    const steadyEvents: BenchEvent[] = fundedEvents(burstInvoices, steadyInvoices);
    for (let n = 0; n < steadyEvents.length; n++) {
      const due = steadyStart + n * (1000 / (steadyPerSecond / steadyHolders));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      await insertEvents(db, raw, jobs, [steadyEvents[n]!]);
    }
    const expected = burstInvoices * holdersPerInvoice + steadyInvoices * steadyHolders;
    await sink.waitFor(expected, () => true, 120_000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const created = await createdAt();
    const latency = (from: number, to: number) =>
      sink.messages
        .filter((m) => m.receivedAt >= from && m.receivedAt <= to)
        .map((m) => m.receivedAt - (created.get(m.messageId) ?? m.receivedAt));
    const unique = new Set(sink.messages.map((m) => m.messageId));
    const burstLatency = latency(burstStart, burstEnd);
    const steadyLatency = latency(steadyStart, Date.now());
    const result = {
      holders,
      burst: {
        messages: burstCount,
        messagesPerSecond: Math.round(burstCount / ((burstEnd - burstStart) / 1000)),
        p99Ms: percentile(burstLatency, 99),
      },
      steady: {
        messages: steadyInvoices * steadyHolders,
        seconds: steadySeconds,
        p99Ms: percentile(steadyLatency, 99),
        p50Ms: percentile(steadyLatency, 50),
      },
      lost: expected - unique.size,
      repeated: sink.messages.length - unique.size,
    };
    const targets = {
      burstAtLeast200PerSecond: result.burst.messagesPerSecond >= 200,
      burstP99Under60s: result.burst.p99Ms < 60_000,
      steadyP99Under5s: result.steady.p99Ms < 5_000,
      noneLost: result.lost === 0,
      noneTwice: result.repeated === 0,
    };
    console.log(
      `burst: ${result.burst.messages} e-mails at ${result.burst.messagesPerSecond}/s, p99 event->delivery ${result.burst.p99Ms} ms`,
    );
    console.log(
      `steady: ${result.steady.messages} e-mails over ${steadySeconds} s, p50 ${result.steady.p50Ms} ms, p99 ${result.steady.p99Ms} ms`,
    );
    console.log(`lost ${result.lost}, repeated ${result.repeated}`);
    console.log(JSON.stringify({ ...result, targets, met: Object.values(targets).every(Boolean) }));
    if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
  } finally {
    backend.kill("SIGTERM");
    await jobs.stop();
    await raw.end();
    await close();
    await sink.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await queryOnce(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
