import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type CacheStore, createCacheStore } from "../adapters/cache";
import { countingErrors } from "../metrics/farm-metrics";

/** Decorates `app.cache` (Redis or in memory) unless the caller passed one in, and closes what it opened. */
export const cachePlugin = fp(async (app: FastifyInstance, options: { cache?: CacheStore }) => {
  const cache =
    options.cache ??
    createCacheStore({
      redisUrl: app.config.redisUrl,
      prefix: app.config.cachePrefix,
      commandTimeoutMs: app.config.resilience.cacheCommandTimeoutMs,
    });
  app.decorate("cache", countingErrors(cache, app.metrics.cacheErrors));
  if (!options.cache) app.addHook("onClose", () => cache.close());
});
