import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { unauthenticated } from "../errors";
import { createFarmMetrics, type FarmMetrics } from "../metrics/farm-metrics";
import { servedAppOf } from "../static/plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Counters, gauges and histograms behind GET /metrics; other parts record into them. */
    metrics: FarmMetrics;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Decorates `app.metrics`, times every answer by route template, and serves GET /metrics in Prometheus text format
 * on the API's port: open in development, behind `Authorization: Bearer <METRICS_TOKEN>` when a token is set, absent
 * (and no answer timed) when METRICS_ENABLED is false (the default in production without a token). Register it
 * right after the error handler (so its 401 is the one error body) and before the plugins that record into it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = createFarmMetrics();
  app.decorate("metrics", metrics);

  const { enabled, token } = app.config.metrics;
  // Switched off, nothing can read the figures: no request pays for timing them (an async hook, label hashing).
  if (!enabled) return;
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (servedAppOf(request)) return reply.callNotFound();
    if (token !== undefined && !tokenMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw unauthenticated("GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
    }
    await collectNow(app);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});

/** Figures read at scrape time rather than counted as they happen. */
async function collectNow(app: FastifyInstance): Promise<void> {
  const { metrics } = app;
  const indexer = app.chain?.indexer;
  if (indexer) {
    const indexed = await indexer.indexedBlock().catch(() => null);
    if (indexer.head !== null) metrics.indexerHead.set(indexer.head);
    if (indexed !== null) metrics.indexerIndexed.set(indexed);
    if (indexer.head !== null && indexed !== null)
      metrics.indexerLag.set(Math.max(0, indexer.head - indexed));
  }
  const pool = (app.db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    metrics.dbPool.set({ state: "total" }, pool.totalCount);
    metrics.dbPool.set({ state: "idle" }, pool.idleCount);
    metrics.dbPool.set({ state: "waiting" }, pool.waitingCount);
    metrics.dbPoolMax.set(app.config.dbPoolSize);
  }
}
