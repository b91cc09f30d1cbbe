import type { SQL } from "drizzle-orm";
import type { Executor } from "../adapters/db/database";

export type {
  Database as Db,
  Executor as DbExecutor,
  Transaction as DbTransaction,
} from "../adapters/db/database";

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
