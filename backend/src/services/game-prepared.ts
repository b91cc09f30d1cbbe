import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { type DbExecutor, queryRows } from "../indexer/db";

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement on node-postgres, so PostgreSQL parses and plans it once per
 * connection instead of on every request; on PGlite (one local connection, no network) it runs as usual. The SQL
 * text must be the same on every call with the same name: only the parameters may vary.
 */
export async function queryPrepared<T>(db: DbExecutor, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
