import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { connectDatabase, type DatabaseConnection } from "../adapters/db/connect";
import { ConfigError } from "../config/config-error";
import { outageOf } from "../errors/dependency";
import { pgErrorCode } from "../errors/pg";

/**
 * Opens the database (PostgreSQL or PGlite) and migrates it. Called by buildApp outside any plugin, because a plugin
 * gets Fastify's 10 s plugin timeout and an instance may wait far longer for another's migration (issue 33).
 */
export async function openAppDatabase(
  config: FastifyInstance["config"],
  pgliteTemplate?: Blob,
): Promise<DatabaseConnection> {
  try {
    return await connectDatabase({
      pgliteTemplate,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      connectTimeoutMs: config.resilience.dbConnectTimeoutMs,
      statementTimeoutMs: config.resilience.dbStatementTimeoutMs,
    });
  } catch (error) {
    throw (config.databaseUrl && unusableDatabase(config.databaseUrl, error)) || error;
  }
}

/**
 * A PostgreSQL the backend cannot use at all (unreachable, refusing the login, no such database) as a ConfigError
 * naming DATABASE_URL by its host, port and database only (never its password); null for any other failure.
 */
function unusableDatabase(url: string, error: unknown): ConfigError | null {
  const { hostname, port, pathname } = new URL(url);
  const where = `${hostname}:${port || 5432}${pathname}`;
  const sqlState = pgErrorCode(error) ?? "";
  if (/^28/.test(sqlState) || sqlState === "3D000")
    return new ConfigError(`DATABASE_URL: PostgreSQL at ${where} refused it: ${(error as Error).message}`);
  const outage = outageOf(error);
  if (outage?.dependency !== "database") return null;
  return new ConfigError(
    `DATABASE_URL: cannot reach PostgreSQL at ${where} (${outage.code}); is it running, and is the address right?`,
  );
}

/** Decorates `app.db` with an opened, migrated connection and closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, options: { connection: DatabaseConnection }) => {
  const { connection } = options;
  app.log.info({ database: connection.kind }, "database ready");
  app.decorate("db", connection.db);
  app.addHook("onClose", () => connection.close());
});
