import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabaseUrl } from "@farm/testkit";
import { describe, expect, it } from "vitest";
import { createTestDatabase, randomAccount, startTestApp } from "../helpers";
import { fastDelivery, startSmtpSink } from "./notify-fixture";
import { enqueueRepayments, verifiedRecipient } from "./outbox-fixture";

const total = 300;
const concurrency = 4;

// PGlite is one process's database, so a second process cannot take over its outbox: PostgreSQL only.
describe.runIf(testDatabaseUrl)(
  "kill -9 of the delivering process mid-batch (PostgreSQL)",
  { timeout: 180_000 },
  () => {
    it("loses nothing; only messages in flight at the kill go again, with the same Message-ID", async () => {
      const sink = await startSmtpSink({ delayMs: 20 });
      const database = await createTestDatabase();
      const storage = await mkdtemp(join(tmpdir(), "farm-crash-"));
      const env = {
        ...fastDelivery,
        SMTP_URL: sink.url,
        DATABASE_URL: database.url,
        NOTIFY_CONCURRENCY: String(concurrency),
        NOTIFY_CLAIM_LEASE_MS: "2000",
      };
      const producer = await startTestApp({ kind: "services", env: { ...env, NOTIFY_WORKER: "false" } });
      try {
        const wallet = randomAccount().address;
        await verifiedRecipient(producer.app, wallet, "crash@example.com");
        await enqueueRepayments(producer.app, wallet, total);
        const child = spawn(
          process.execPath,
          ["--import", "tsx", join(import.meta.dirname, "delivering-process.ts")],
          {
            env: {
              ...process.env,
              ...env,
              NODE_ENV: "test",
              LOG_LEVEL: "silent",
              DATA_DIR: "memory://",
              STORAGE_DIR: storage,
              RPC_URL: "http://127.0.0.1:9",
            },
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        const exited = new Promise((resolve) => child.once("exit", resolve));
        await sink.waitFor(40, () => true, 60_000);
        child.kill("SIGKILL");
        await exited;
        const atKill = sink.messages.length;
        expect(atKill).toBeLessThan(total);

        // Another instance takes over once the dead one's claims run out.
        const survivor = await startTestApp({ kind: "services", env });
        try {
          await sink.waitFor(total, () => true, 90_000).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          const seen = new Map<string, number>();
          for (const mail of sink.messages) seen.set(mail.messageId, (seen.get(mail.messageId) ?? 0) + 1);
          expect(seen.size).toBe(total); // none lost
          const repeated = [...seen.values()].filter((times) => times > 1);
          // Only what was on the wire when the process died: at most one per concurrent sender, each once more.
          expect(repeated.every((times) => times === 2)).toBe(true);
          expect(repeated.length).toBeLessThanOrEqual(concurrency);
          expect(sink.messages.length).toBe(total + repeated.length);
        } finally {
          await survivor.close();
        }
      } finally {
        await producer.close();
        await database.drop();
        await sink.stop();
        await rm(storage, { recursive: true, force: true });
      }
    });
  },
);
