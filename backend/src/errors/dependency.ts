import { BaseError } from "viem";
import type { Dependency } from "../resilience/outages";
import { isChainUnreachable, OperatorTransactionError } from "./chain";

/** A dependency could not be reached or did not answer in time; the API answers 503. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable (${code})`, options);
    this.name = "DependencyUnavailableError";
  }
}

/**
 * SQLSTATEs of a database that is away rather than of a bad statement: connection exceptions (class 08), shutdown
 * (57P01-57P03), a database that is gone (3D000) or refuses connections (55000, 53300), a statement cancelled by
 * statement_timeout (57014).
 */
const databaseDownCodes = /^(08...|57P0[123]|3D000|55000|53300|57014)$/;
/** node-postgres and pg-pool messages for connections that broke, timed out or were refused by the pool. */
const databaseDownMessages =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|Query read timeout|Client has encountered a connection error|PGlite is closed/i;
/** ioredis messages of a Redis that is away (when a call bypassed the cache store's own wrapping). */
const cacheDownMessages =
  /MaxRetriesPerRequestError|Reached the max retries per request|Connection is closed|Stream isn't writeable|Command timed out/i;
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/**
 * Which dependency an error says is unreachable, with a short code for the log, or null when the error is about
 * something else (a bug, bad input). Drizzle and viem wrap driver errors, so the whole cause chain is searched.
 */
export function outageOf(error: unknown): { dependency: Dependency; code: string } | null {
  if (error instanceof BaseError || (error instanceof Error && error.name === "OperatorTransactionError")) {
    if (isChainUnreachable(error)) return { dependency: "chain", code: chainOutageCode(error) };
  }
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current instanceof DependencyUnavailableError)
      return { dependency: current.dependency, code: current.code };
    if ((current as { $metadata?: unknown }).$metadata !== undefined) {
      const status = (current as unknown as { $metadata: { httpStatusCode?: number } }).$metadata
        .httpStatusCode;
      if (status === undefined || status >= 500) return { dependency: "storage", code: "S3_UNREACHABLE" };
    }
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && databaseDownCodes.test(code)) return { dependency: "database", code };
    if (databaseDownMessages.test(current.message)) return { dependency: "database", code: "PG_CONNECTION" };
    if (cacheDownMessages.test(current.message) || current.name === "MaxRetriesPerRequestError")
      return { dependency: "cache", code: "REDIS_UNREACHABLE" };
    // A raw socket error of a connection we made (it has a syscall; a client's aborted upload has none) comes from
    // the database driver: the cache, chain and storage clients' errors are recognised above.
    if (
      typeof code === "string" &&
      socketCodes.has(code) &&
      typeof (current as { syscall?: unknown }).syscall === "string"
    )
      return { dependency: "database", code };
  }
  return null;
}

/** The log's code for a chain write or read that failed for want of the chain: an unfunded operator says so. */
function chainOutageCode(error: unknown): string {
  return error instanceof OperatorTransactionError && error.kind === "unfunded"
    ? "OPERATOR_UNFUNDED"
    : "RPC_UNREACHABLE";
}

/** A 503 for a chain write or read that failed for want of the chain (`isChainUnreachable`), its code for the log. */
export function chainUnavailable(error: unknown): DependencyUnavailableError {
  return new DependencyUnavailableError("chain", chainOutageCode(error), { cause: error });
}
