import { startTcpProxy, testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "../../src/adapters/db/database";
import {
  createTestDatabase,
  randomAccount,
  signIn,
  startTestApp,
  type TestApp,
  testBackends,
} from "../helpers";
import { fastDelivery, type SmtpSink, startSmtpSink } from "./notify-fixture";
import { enqueueRepayments, verifiedRecipient } from "./outbox-fixture";

const statusCounts = async (t: TestApp) =>
  Object.fromEntries(
    (
      await queryRows<{ email_status: string; n: number }>(
        t.app.db,
        sql`select email_status, count(*)::int as n from notifications group by 1`,
      )
    ).map((row) => [row.email_status, row.n]),
  );

/** Every message arrived exactly once: as many distinct Message-IDs as messages, and as many as expected. */
const expectEachOnce = (sink: SmtpSink, expected: number) => {
  const ids = sink.messages.map((mail) => mail.messageId);
  expect(new Set(ids).size).toBe(expected);
  expect(ids.length).toBe(expected);
};

describe.each(testBackends)(
  "notification delivery under faults on $name",
  { timeout: 120_000 },
  ({ kind }) => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it("an SMTP outage of 10 s delays and never loses: all delivered after, none twice", async () => {
      const sink = await startSmtpSink();
      cleanups.push(() => sink.stop());
      const proxy = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
      cleanups.push(() => proxy.close());
      proxy.set("refuse");
      const t = await startTestApp({ kind, env: { ...fastDelivery, SMTP_URL: proxy.rewrite(sink.url) } });
      cleanups.push(() => t.close());
      const wallet = randomAccount().address;
      await verifiedRecipient(t.app, wallet, "outage@example.com");
      await enqueueRepayments(t.app, wallet, 200);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(sink.messages.length).toBe(0);
      expect((await statusCounts(t)).dead ?? 0).toBe(0);
      proxy.set("up");
      await sink.waitFor(200, () => true, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expectEachOnce(sink, 200);
      expect(await statusCounts(t)).toEqual({ sent: 200 });
    });

    it("a message that keeps failing is dead, listed to the admin without its address, and can be retried", async () => {
      const sink = await startSmtpSink();
      cleanups.push(() => sink.stop());
      const proxy = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
      cleanups.push(() => proxy.close());
      proxy.set("refuse");
      const admin = randomAccount();
      const t = await startTestApp({
        kind,
        env: {
          ...fastDelivery,
          SMTP_URL: proxy.rewrite(sink.url),
          NOTIFY_MAX_ATTEMPTS: "2",
          NOTIFY_RETRY_BASE_MS: "50",
          ADMIN_ADDRESSES: admin.address,
        },
      });
      cleanups.push(() => t.close());
      const wallet = randomAccount().address;
      await verifiedRecipient(t.app, wallet, "dead@example.com");
      await enqueueRepayments(t.app, wallet, 1);
      const cookie = await signIn(t.app, admin);
      let dead: { items: { id: string; kind: string; attempts: number; lastError: string | null }[] } = {
        items: [],
      };
      for (let tries = 0; dead.items.length === 0 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        dead = (
          await t.app.inject({ method: "GET", url: "/api/admin/notifications/dead", headers: { cookie } })
        ).json();
      }
      expect(dead.items).toEqual([expect.objectContaining({ kind: "repayment_received", attempts: 2 })]);
      expect(JSON.stringify(dead)).not.toContain("dead@example.com");
      const stranger = await signIn(t.app, randomAccount());
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: "/api/admin/notifications/dead",
            headers: { cookie: stranger },
          })
        ).statusCode,
      ).toBe(403);
      proxy.set("up");
      const retry = await t.app.inject({
        method: "POST",
        url: `/api/admin/notifications/${dead.items[0]!.id}/retry`,
        headers: { cookie },
      });
      expect(retry.json()).toEqual({ retried: true });
      await sink.waitFor(1);
      expectEachOnce(sink, 1);
    });
  },
);

describe.runIf(testDatabaseUrl)(
  "two instances delivering from one outbox (PostgreSQL)",
  { timeout: 120_000 },
  () => {
    it("sends each of 600 messages once", async () => {
      const sink = await startSmtpSink();
      const database = await createTestDatabase();
      const env = {
        ...fastDelivery,
        SMTP_URL: sink.url,
        DATABASE_URL: database.url,
        NOTIFY_BATCH_SIZE: "20",
      };
      const first = await startTestApp({ kind: "services", env: { ...env, NOTIFY_WORKER: "false" } });
      try {
        const wallet = randomAccount().address;
        await verifiedRecipient(first.app, wallet, "twice@example.com");
        await enqueueRepayments(first.app, wallet, 600);
        // Both instances start delivering at the same moment.
        const [a, b] = await Promise.all([
          startTestApp({ kind: "services", env }),
          startTestApp({ kind: "services", env }),
        ]);
        try {
          await sink.waitFor(600, () => true, 90_000);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          expectEachOnce(sink, 600);
        } finally {
          await a.close();
          await b.close();
        }
      } finally {
        await first.close();
        await database.drop();
        await sink.stop();
      }
    });
  },
);
