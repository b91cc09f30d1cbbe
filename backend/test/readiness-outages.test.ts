import { testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { millisUntil, type OutageApp, startOutageApp } from "./outage-fixture";

const services = testDatabaseUrl && testRedisUrl;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What operators gate traffic and page on during a real outage: the readiness answer a load balancer reads, and the
 * e-mail job queue's log lines. Each dependency goes away behind a TCP proxy and comes back within the test.
 */
describe.skipIf(!services)(
  "readiness and the job queue's log during outages (PostgreSQL + Redis + anvil)",
  { timeout: 120_000 },
  () => {
    let outage: OutageApp;
    const ready = () => outage.app.inject({ method: "GET", url: "/api/health/ready" });
    const liveness = () => outage.app.inject({ method: "GET", url: "/api/health" });

    beforeAll(async () => {
      outage = await startOutageApp();
    }, 180_000);
    afterAll(async () => {
      await outage?.close();
    });

    it("GET /api/health/ready answers 503 naming the dependency away (Redis, the RPC node, PostgreSQL) while /api/health stays the liveness answer, and 200 within 2 s of its return", async () => {
      expect(await millisUntil(ready, 200)).toBeLessThan(2_000);
      expect((await ready()).json()).toMatchObject({ status: "ok", db: "up", cache: "up", storage: "up" });
      for (const [proxy, dependency, live] of [
        [outage.redisProxy, "cache", { statusCode: 200, status: "degraded" }],
        [outage.rpcProxy, "chain", { statusCode: 200, status: "degraded" }],
        [outage.pgProxy, "database", { statusCode: 503, status: "down" }],
      ] as const) {
        proxy.set("refuse");
        try {
          await millisUntil(ready, 503);
          const reply = await ready();
          expect(reply.json()).toEqual({
            error: {
              code: "SERVICE_UNAVAILABLE",
              message: `Not ready: ${dependency} unavailable`,
              details: { down: [dependency] },
              requestId: reply.headers["x-request-id"],
            },
          });
          const health = await liveness();
          expect({ statusCode: health.statusCode, status: health.json().status }).toEqual(live);
        } finally {
          proxy.set("up");
        }
        expect(await millisUntil(ready, 200)).toBeLessThan(2_000);
      }
      expect(outage.app.responseContract.violations).toEqual([]);
    });

    it("the e-mail job queue logs a database outage once with its code and its end once with the count, not a line per failed poll", async () => {
      const { lines } = outage.logs;
      expect(await millisUntil(ready, 200)).toBeLessThan(2_000);
      // Any outage an earlier test made is over (its probe found the database back): this one starts its own record.
      const opened = () => lines.filter((line) => String(line.msg).includes(" unavailable;")).length;
      const closed = () => lines.filter((line) => String(line.msg).includes(" available again")).length;
      for (let waited = 0; opened() > closed() && waited < 5_000; waited += 100) await pause(100);
      const mark = lines.length;
      // Whichever fails first opens the database's outage: the queue's poll (its own line) or another of the app's
      // calls (the queue's failures then count in it). Either way one line opens it and one closes it.
      const down = () =>
        lines.slice(mark).filter((line) => String(line.msg).includes("database unavailable;"));
      const back = () =>
        lines.slice(mark).filter((line) => String(line.msg).includes("database available again"));
      outage.pgProxy.set("refuse");
      try {
        for (let waited = 0; down().length < 1 && waited < 20_000; waited += 100) await pause(100);
        // pg-boss polls twice a second: a few more failed polls, which must add no line.
        await pause(2_000);
      } finally {
        outage.pgProxy.set("up");
      }
      for (let waited = 0; back().length < down().length && waited < 20_000; waited += 100) await pause(100);
      const during = lines.slice(mark);
      expect(during.filter((line) => JSON.stringify(line).includes("non-error value"))).toEqual([]);
      expect(during.filter((line) => line.msg === "e-mail job queue failed")).toEqual([]);
      // One opening and one closing line at most per source (the queue's, the app's), however many polls failed.
      for (const fromQueue of [true, false]) {
        const ofSource = (line: (typeof lines)[number]) => (line.part === "e-mail job queue") === fromQueue;
        expect(down().filter(ofSource).length).toBeLessThanOrEqual(1);
        expect(back().filter(ofSource).length).toBe(down().filter(ofSource).length);
      }
      // Each opening line names the connection error's code (pg-boss's is an Error again, not a plain object).
      expect(down().length).toBeGreaterThan(0);
      for (const line of down())
        expect(line).toMatchObject({ dependency: "database", code: expect.stringMatching(/^E[A-Z]+$/) });
      for (const line of back()) expect(line).toMatchObject({ dependency: "database", level: 30 });
    });
  },
);
