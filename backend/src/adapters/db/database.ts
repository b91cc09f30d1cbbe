import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "../../db/schema";

/** The Drizzle database the app uses; the same type whether PGlite or node-postgres is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;
/** Either the database or an open transaction: services that may run inside a caller's transaction take this. */
export type Executor = Database | Transaction;

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
