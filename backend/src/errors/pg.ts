/** The SQLSTATE of a PostgreSQL error, whether the driver error is thrown as is or wrapped by Drizzle. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; typeof current === "object" && current !== null; ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation: a concurrent or earlier write holds the key. */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";

/** deadlock_detected: PostgreSQL aborted this statement to break a lock cycle; running it again is safe. */
export const isDeadlock = (error: unknown) => pgErrorCode(error) === "40P01";
