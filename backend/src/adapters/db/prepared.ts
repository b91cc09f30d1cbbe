import { fillPlaceholders, type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { type Executor, queryRows } from "./database";

const dialect = new PgDialect();

/** A statement's parameters: each is a value when it runs, a named placeholder when it is compiled. */
export type StatementParams<V> = { [K in keyof V]: V[K] | Placeholder<K & string> };

/**
 * A hot statement compiled once: its SQL text is built from placeholders when first used, and every run only fills
 * in the values. On node-postgres it runs as a named prepared statement, so PostgreSQL also parses and plans it once
 * per connection; elsewhere (PGlite, one local connection, or an open transaction) it is built with the values and
 * run as usual.
 */
export function preparedStatement<V extends Record<string, unknown>, T>(
  name: string,
  build: (params: StatementParams<V>) => SQL,
): (db: Executor, values: V) => Promise<T[]> {
  let compiled: { text: string; params: unknown[] } | undefined;
  return async (db, values) => {
    const client = (db as { $client?: unknown }).$client;
    if (!(client instanceof pg.Pool)) return queryRows<T>(db, build(values));
    if (compiled === undefined) {
      const placeholders = Object.fromEntries(
        Object.keys(values).map((key) => [key, sql.placeholder(key)]),
      ) as StatementParams<V>;
      const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
      compiled = { text, params };
    }
    const result = await client.query({
      name,
      text: compiled.text,
      values: fillPlaceholders(compiled.params, values),
    });
    return result.rows as T[];
  };
}
