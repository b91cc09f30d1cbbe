import { z } from "zod";
import { booleanText } from "./env-values";

const hexKey = z.string().regex(/^[0-9a-fA-F]{64}$/, "64 hex characters (32 bytes)");
const milliseconds = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/**
 * The environment variables of the backend's resilience and hardening: timeouts, crash recovery, older encryption
 * keys, proxy hops, API docs. Spread into config/index.ts's schema; `.env.example` lists each.
 */
export const resilienceEnv = {
  DB_CONNECT_TIMEOUT_MS: milliseconds(2_000, 100),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(10_000, 100),
  CACHE_COMMAND_TIMEOUT_MS: milliseconds(1_000, 50),
  RPC_TIMEOUT_MS: milliseconds(5_000, 100),
  SERVER_HEADERS_TIMEOUT_MS: milliseconds(10_000, 100),
  SERVER_REQUEST_TIMEOUT_MS: milliseconds(120_000, 100),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000, 100),
  UPLOAD_DRAIN_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024),
  SUBMISSION_RECONCILE_INTERVAL_MS: milliseconds(5_000, 100),
  SUBMISSION_STUCK_AFTER_MS: milliseconds(15_000, 0),
  STORAGE_SWEEP_INTERVAL_MS: milliseconds(10 * 60_000, 100),
  STORAGE_ORPHAN_GRACE_MS: milliseconds(60 * 60_000, 0),
  ENCRYPTION_OLD_KEYS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(z.array(hexKey)),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  API_DOCS: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()))
    .pipe(booleanText.optional()),
};

type ResilienceEnv = z.output<z.ZodObject<typeof resilienceEnv>>;

export interface ResilienceConfig {
  /** Longest wait for a new PostgreSQL connection, and longest a statement may run, before the request gets 503. */
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  /** A Redis command without an answer in this time fails (503, or the rate limiter's local fallback). */
  cacheCommandTimeoutMs: number;
  /** One RPC call's time limit. */
  rpcTimeoutMs: number;
  /** HTTP server: whole request headers, whole request (body included), idle keep-alive connection. */
  server: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Bytes of a refused request's unread body read and thrown away to keep its connection; beyond, it is closed. */
  uploadDrainLimitBytes: number;
  /** Crash recovery of invoice submissions: how often, and the age after which an unmined one is released. */
  submissions: { reconcileIntervalMs: number; stuckAfterMs: number };
  /** Sweep of stored objects and temporary files that no registration refers to. */
  storageSweep: { intervalMs: number; graceMs: number };
  /** Retired encryption keys, still accepted for decryption until `npm run reencrypt -w backend` has run. */
  encryptionOldKeys: Buffer[];
  /** Reverse proxies in front of the API whose X-Forwarded-For entry is trusted; 0 trusts none. */
  trustProxyHops: number;
  /** Swagger UI and the OpenAPI document (off in production unless API_DOCS=true). */
  apiDocs: boolean;
}

export function toResilienceConfig(
  e: ResilienceEnv & { NODE_ENV: string; TRUST_PROXY: boolean },
): ResilienceConfig {
  return {
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    cacheCommandTimeoutMs: e.CACHE_COMMAND_TIMEOUT_MS,
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    server: {
      headersTimeoutMs: e.SERVER_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.SERVER_REQUEST_TIMEOUT_MS, e.SERVER_HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: e.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    },
    uploadDrainLimitBytes: e.UPLOAD_DRAIN_LIMIT_BYTES,
    submissions: {
      reconcileIntervalMs: e.SUBMISSION_RECONCILE_INTERVAL_MS,
      stuckAfterMs: e.SUBMISSION_STUCK_AFTER_MS,
    },
    storageSweep: { intervalMs: e.STORAGE_SWEEP_INTERVAL_MS, graceMs: e.STORAGE_ORPHAN_GRACE_MS },
    encryptionOldKeys: e.ENCRYPTION_OLD_KEYS.map((key) => Buffer.from(key, "hex")),
    // TRUST_PROXY=true (the older switch) means one proxy, never "trust every hop".
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (e.TRUST_PROXY ? 1 : 0),
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== "production",
  };
}
