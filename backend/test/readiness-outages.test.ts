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
      outage.pgProxy.set("refuse");
      try {
        // pg-boss polls twice a second: about six failed polls, with no request to open the API's own outage.
        await pause(3_000);
      } finally {
        outage.pgProxy.set("up");
      }
      const queueLines = () => lines.slice(mark).filter((line) => line.part === "e-mail job queue");
      for (let waited = 0; queueLines().length < 2 && waited < 5_000; waited += 100) await pause(100);
      const during = lines.slice(mark);
      expect(during.filter((line) => JSON.stringify(line).includes("non-error value"))).toEqual([]);
      expect(during.filter((line) => line.msg === "e-mail job queue failed")).toEqual([]);
      const [down, back, ...more] = queueLines();
      expect(more).toEqual([]);
      expect(down).toMatchObject({
        level: 40,
        dependency: "database",
        code: expect.stringMatching(/^E[A-Z]+$/),
        msg: "e-mail job queue: database unavailable; its failed calls are counted until it is back",
      });
      expect(back).toMatchObject({
        level: 30,
        dependency: "database",
        msg: expect.stringContaining("available again"),
      });
      expect(back?.failures).toBeGreaterThanOrEqual(2);
    });
  },
);
