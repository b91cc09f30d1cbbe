import type { HealthResponse } from "@farm/core";
import type { FastifyInstance } from "fastify";
import { pingDatabase } from "../adapters/db/connect";
import type { Dependency } from "../resilience/outages";

/** What a health check reads: each dependency it pings. */
export type HealthDeps = Pick<FastifyInstance, "db" | "cache" | "storage" | "chain" | "config">;

const probeTimeoutMs = 2_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("timed out")), probeTimeoutMs).unref(),
    ),
  ]);
}

const state = (probe: Promise<unknown>) =>
  withTimeout(probe).then(
    () => "up" as const,
    () => "down" as const,
  );

/** The check each app is running, if any. */
const running = new WeakMap<HealthDeps, Promise<HealthResponse>>();

/**
 * Pings every dependency. Health and readiness are not rate limited (probes), so the probes that arrive while a check
 * runs share its answer: a flood of them costs the database, Redis, S3 and the RPC node one ping each at a time.
 */
export function checkHealth(app: HealthDeps): Promise<HealthResponse> {
  const current = running.get(app);
  if (current !== undefined) return current;
  const check = pingAll(app).finally(() => running.delete(app));
  running.set(app, check);
  return check;
}

async function pingAll(app: HealthDeps): Promise<HealthResponse> {
  const [db, cache, storage, head, indexed] = await Promise.all([
    state(pingDatabase(app.db)),
    state(app.cache.ping()),
    state(app.storage.ping()),
    // The node's head now, not viem's remembered one (up to its polling interval old): the lag operators and scripts
    // wait on must count a block mined a moment ago.
    withTimeout(app.chain.publicClient.getBlockNumber({ cacheTime: 0 })).then(Number, () => null),
    // The app's own indexer (none when no contracts are deployed, or before it starts).
    withTimeout(app.chain.indexer ? app.chain.indexer.indexedBlock() : Promise.resolve(null)).catch(
      () => null,
    ),
  ]);
  const status =
    db === "down" ? "down" : cache === "up" && storage === "up" && head !== null ? "ok" : "degraded";
  return {
    status,
    db,
    cache,
    storage,
    chain: {
      chainId: app.config.chainId,
      head,
      indexed,
      lag: head !== null && indexed !== null ? Math.max(0, head - indexed) : null,
    },
  };
}

/** The dependencies a health report finds down (the chain: its node did not tell its head); empty when status is ok. */
export function dependenciesDown(health: HealthResponse): Dependency[] {
  const down: Dependency[] = [];
  if (health.db === "down") down.push("database");
  if (health.cache === "down") down.push("cache");
  if (health.storage === "down") down.push("storage");
  if (health.chain.head === null) down.push("chain");
  return down;
}
