import { sql } from "drizzle-orm";
import type { Database } from "./database";

/**
 * Runs `work` inside a transaction that holds the PostgreSQL advisory lock `key` (`pg_advisory_xact_lock`): every
 * instance on the database waits its turn, and the lock goes with the transaction, so an instance that dies while
 * holding it frees it. `work` should be short: it keeps a pool connection for its whole run.
 */
export function withAdvisoryXactLock<T>(db: Database, key: number, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    return work();
  });
}
