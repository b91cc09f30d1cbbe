import type { HealthResponse } from "@farm/core";
import type { FastifyInstance } from "fastify";
import { pingDatabase } from "../adapters/db/connect";
import { chainClient } from "../plugins/auth";

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

/**
 * Source of the indexer's progress; the indexer sets it when it starts. Until then `indexed` is null.
 */
export const indexerProgress: { lastIndexedBlock: () => Promise<number | null> } = {
  lastIndexedBlock: async () => null,
};

export async function checkHealth(app: FastifyInstance): Promise<HealthResponse> {
  const [db, cache, storage, head, indexed] = await Promise.all([
    state(pingDatabase(app.db)),
    state(app.cache.ping()),
    state(app.storage.ping()),
    withTimeout(chainClient(app).getBlockNumber()).then(Number, () => null),
    withTimeout(indexerProgress.lastIndexedBlock()).catch(() => null),
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
