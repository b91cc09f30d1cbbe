import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import type { Database } from "./database";

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Key of the advisory lock held while migrating, so instances starting together migrate one after the other. */
export const migrationLockKey = 7_236_110_001;

export interface DatabaseConnection {
  db: Database;
  kind: "postgres" | "pglite";
  /** The embedded database itself (PGlite only): the e-mail job queue runs on it through pg-boss's adapter. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`, and applies pending migrations. */
export async function connectDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** Longest wait for a new connection (a database that is away fails the request after this, with a 503). */
  connectTimeoutMs?: number;
  /** Longest a statement may run: the server cancels it (statement_timeout) and the client stops waiting too. */
  statementTimeoutMs?: number;
  /** Where the migrations are (tests point it at a copy with an extra slow one). */
  migrationsFolder?: string;
  /**
   * An in-memory PGlite (`memory://`) starts from this dump of a database (`dumpDataDir`) instead of an empty one:
   * tests pass one made once with every migration applied, which skips PGlite's initdb. Migrations still run after
   * it, finding what the dump holds applied.
   */
  pgliteTemplate?: Blob;
}): Promise<DatabaseConnection> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (options.databaseUrl)
    return connectPostgres(options.databaseUrl, { ...options, migrationsFolder: folder });
  return connectPglite(options.dataDir, folder, options.pgliteTemplate);
}

async function connectPostgres(
  url: string,
  options: {
    poolSize?: number;
    connectTimeoutMs?: number;
    statementTimeoutMs?: number;
    migrationsFolder: string;
  },
): Promise<DatabaseConnection> {
  await migratePostgres(url, options.migrationsFolder, options.connectTimeoutMs ?? 5_000);
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: statementTimeoutMs,
    // A server that stops answering mid-statement (a network cut) is noticed a moment after the server-side limit.
    query_timeout: statementTimeoutMs + 1_000,
    keepAlive: true,
  });
  // An idle client losing its connection emits here; the next query reports it instead of the process crashing.
  pool.on("error", () => {});
  // A checked-out client whose connection breaks between two statements (inside a transaction, say) emits "error"
  // with no query to fail; unheard, that event would end the process. The next statement reports the break instead.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * Applies pending migrations one instance at a time, on a connection of its own with no statement or lock timeout:
 * an instance starting during another's slow migration waits for it however long it takes, and a migration longer
 * than the request-time limits still completes. The lock goes with the connection if the process dies.
 */
async function migratePostgres(url: string, folder: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
  });
  client.on("error", () => {});
  await client.connect();
  try {
    // Zero is "no limit"; set explicitly so a role or database default cannot cut a migration short.
    await client.query(
      "SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0",
    );
    await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: folder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function connectPglite(dataDir: string, folder: string, template?: Blob): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = inMemory
    ? new PGlite(template ? { loadDataDir: template } : undefined)
    : new PGlite(`${dataDir}/pglite`);
  const database = drizzlePglite({ client, schema });
  await migratePglite(database, { migrationsFolder: folder });
  return {
    db: database as unknown as Database,
    kind: "pglite",
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
