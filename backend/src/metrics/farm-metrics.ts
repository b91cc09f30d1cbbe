import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Every figure GET /metrics exposes, in one registry per app (tests build several apps in one process). Names and
 * meanings are listed for operators in docs/operations.md.
 */
export function createFarmMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "farm_http_requests_total",
      help: "Answered requests by method, route template and status code",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "farm_http_request_duration_seconds",
      help: "Time from request to answer, by method, route template and status code",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    indexerHead: new Gauge({
      name: "farm_indexer_head_block",
      help: "Latest block number the chain node reported",
      registers,
    }),
    indexerIndexed: new Gauge({
      name: "farm_indexer_indexed_block",
      help: "Last block the index holds",
      registers,
    }),
    indexerLag: new Gauge({
      name: "farm_indexer_lag_blocks",
      help: "Head minus indexed block (includes the confirmations the indexer waits for on purpose)",
      registers,
    }),
    indexerEvents: new Counter({
      name: "farm_indexer_events_applied_total",
      help: "Contract events this instance wrote into the index",
      registers,
    }),
    indexerReorgs: new Counter({
      name: "farm_indexer_reorgs_total",
      help: "Chain reorganisations this instance found and rolled the index back for",
      registers,
    }),
    indexerPollErrors: new Counter({
      name: "farm_indexer_poll_errors_total",
      help: "Indexer polls that failed (node or database unreachable); the next poll retries",
      registers,
    }),
    operatorPending: new Gauge({
      name: "farm_operator_pending_transactions",
      help: "Operator transactions sent and waiting for their receipt",
      registers,
    }),
    operatorNonceWait: new Histogram({
      name: "farm_operator_nonce_wait_seconds",
      help: "Time an operator write waited for its nonce (behind earlier writes and other instances' lock)",
      buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    operatorSpent: new Counter({
      name: "farm_operator_spent_eth_total",
      help: "Native currency (ETH) the operator wallet paid for its mined transactions (gas and L1 fee), reverted ones too",
      registers,
    }),
    operatorTransactions: new Counter({
      name: "farm_operator_transactions_total",
      help: "Operator transactions mined, by outcome (success or reverted)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    operatorBalance: new Gauge({
      name: "farm_operator_balance_wei",
      help: "Native currency (wei) the operator account holds for gas, read at most once a minute",
      labelNames: ["address"] as const,
      registers,
    }),
    operatorHasRole: new Gauge({
      name: "farm_operator_has_role",
      help: "1 when the operator account holds OPERATOR_ROLE on FarmNFT, else 0; read at most once a minute",
      labelNames: ["address"] as const,
      registers,
    }),
    dbPool: new Gauge({
      name: "farm_db_pool_connections",
      help: "PostgreSQL pool connections by state: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers,
    }),
    dbPoolMax: new Gauge({
      name: "farm_db_pool_max_connections",
      help: "Most connections the pool may open (DB_POOL_SIZE)",
      registers,
    }),
    cacheErrors: new Counter({
      name: "farm_cache_errors_total",
      help: "Cache store (Redis or in-memory) calls that failed, by operation",
      labelNames: ["operation"] as const,
      registers,
    }),
    storageErrors: new Counter({
      name: "farm_storage_errors_total",
      help: "Object storage (S3 or local folder) calls that failed, by operation",
      labelNames: ["operation"] as const,
      registers,
    }),
    wateringsPerCommit: new Histogram({
      name: "farm_game_waterings_per_commit",
      help: "Waterings applied by one group-committed statement",
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers,
    }),
  };
}

export type FarmMetrics = ReturnType<typeof createFarmMetrics>;

/**
 * Wraps an adapter so every rejected call of its methods counts in `errors` under the method's name; the error still
 * reaches the caller unchanged.
 */
export function countingErrors<T extends object>(target: T, errors: Counter<"operation">): T {
  return new Proxy(target, {
    get(object, property) {
      // The adapter itself as `this`, so its private fields and getters work through the proxy.
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(object, args);
        } catch (error) {
          errors.inc({ operation: property });
          throw error;
        }
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            errors.inc({ operation: property });
            throw error;
          });
        }
        return result;
      };
    },
  });
}
