import { anvilKeys, type TcpProxy, testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema";
import { signInFarmer } from "./chain-app";
import { invoiceForm, invoiceRequest } from "./fixtures";
import type { TestApp } from "./helpers";
import { millisUntil, type OutageApp, startOutageApp } from "./outage-fixture";

const services = testDatabaseUrl && testRedisUrl;

describe.skipIf(!services)(
  "dependency outages through a TCP proxy (PostgreSQL + Redis + anvil)",
  { timeout: 120_000 },
  () => {
    let outage: OutageApp;
    let pgProxy: TcpProxy;
    let redisProxy: TcpProxy;
    let rpcProxy: TcpProxy;
    let app: FastifyInstance;
    let farmerCookie: string;
    let logs: OutageApp["logs"];

    beforeAll(async () => {
      outage = await startOutageApp();
      ({ app, pgProxy, redisProxy, rpcProxy, logs } = outage);
      const testApp = { app } as TestApp;
      ({ cookie: farmerCookie } = await signInFarmer(testApp, privateKeyToAccount(anvilKeys[2])));
    }, 180_000);

    afterAll(async () => {
      await outage?.close();
    });

    const listInvoices = () => app.inject({ method: "GET", url: "/api/invoices" });
    const session = () =>
      app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: farmerCookie } });
    // Its cached answer comes in the rate-limit hook's one cache call (decision 0030): that call's failure too is a 503.
    const profile = () =>
      app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie: farmerCookie } });
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    };
    // The requests' own outage lines; the e-mail job queue keeps its own record, whose lines name it (`part`).
    const apiLines = (dependency: string) =>
      logs.lines.filter((line) => line.dependency === dependency && line.part === undefined);
    const outageLines = (dependency: string) =>
      apiLines(dependency).filter((line) => String(line.msg).includes("unavailable"));
    const recoveryLines = (dependency: string) =>
      apiLines(dependency).filter((line) => String(line.msg).includes("available again"));

    for (const mode of ["refuse", "blackhole"] as const) {
      it(`answers 503 within a second while PostgreSQL is away (${mode}), logs the outage once with a count, and recovers within 2 s`, async () => {
        expect((await listInvoices()).statusCode).toBe(200);
        const before = outageLines("database").length;
        pgProxy.set(mode);
        const replies = await Promise.all(Array.from({ length: 20 }, () => timed(listInvoices)));
        for (const { result, ms } of replies) {
          expect(result.statusCode).toBe(503);
          expect(result.json()).toMatchObject({
            error: { code: "SERVICE_UNAVAILABLE", details: { dependency: "database" } },
          });
          expect(result.headers["retry-after"]).toBe("1");
          expect(ms).toBeLessThan(1_000);
        }
        expect(outageLines("database").length).toBe(before + 1);
        pgProxy.set("up");
        expect(await millisUntil(listInvoices, 200)).toBeLessThan(2_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const recovered = recoveryLines("database").at(-1);
        expect(recovered?.failures).toBeGreaterThanOrEqual(20);
        // Not a line per failed request: the outage's start and its end.
        expect(logs.lines.filter((line) => line.level === 50).length).toBe(outageLines("database").length);
      });
    }

    it("fails fast without Redis: signed-in routes answer 503, public reads go on (rate limits counted locally), and it recovers within 2 s", async () => {
      expect((await session()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);
      redisProxy.set("refuse");
      const signedIn = await Promise.all(
        Array.from({ length: 10 }, (_, i) => timed(i % 2 ? profile : session)),
      );
      for (const { result, ms } of signedIn) {
        expect(result.statusCode).toBe(503);
        expect(result.json()).toMatchObject({ error: { details: { dependency: "cache" } } });
        expect(ms).toBeLessThan(1_000);
      }
      const publicRead = await timed(listInvoices);
      expect(publicRead.result.statusCode).toBe(200);
      expect(publicRead.ms).toBeLessThan(1_000);
      expect(outageLines("cache")).toHaveLength(1);
      redisProxy.set("up");
      expect(await millisUntil(session, 200)).toBeLessThan(2_000);
      expect((await profile()).statusCode).toBe(200);
    });

    it("answers 503 for a submission while the RPC is away, leaves no row, and submits once it is back", async () => {
      const invoice = invoiceRequest("RPC-DOWN-1", { description: "rice" });
      const submit = () => {
        const form = invoiceForm(invoice);
        return app.inject({
          method: "POST",
          url: "/api/invoices",
          payload: form.payload,
          headers: { cookie: farmerCookie, ...form.headers, "idempotency-key": "rpc-down-key-1" },
        });
      };
      rpcProxy.set("refuse");
      const down = await timed(submit);
      expect(down.result.statusCode).toBe(503);
      expect(down.result.json()).toMatchObject({ error: { details: { dependency: "chain" } } });
      expect(down.ms).toBeLessThan(1_000);
      const [left] = await app.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, "RPC-DOWN-1"));
      expect(left?.n).toBe(0);
      rpcProxy.set("up");
      expect(await millisUntil(submit, 201)).toBeLessThan(2_000);
      expect(outageLines("chain")).toHaveLength(1);
    });
  },
);
