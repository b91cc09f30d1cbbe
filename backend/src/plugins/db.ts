import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { connectDatabase, type DatabaseConnection } from "../adapters/db/connect";

/**
 * Opens the database (PostgreSQL or PGlite) and migrates it. Called by buildApp outside any plugin, because a plugin
 * gets Fastify's 10 s plugin timeout and an instance may wait far longer for another's migration (issue 33).
 */
export function openAppDatabase(
  config: FastifyInstance["config"],
  pgliteTemplate?: Blob,
): Promise<DatabaseConnection> {
  return connectDatabase({
    pgliteTemplate,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.resilience.dbConnectTimeoutMs,
    statementTimeoutMs: config.resilience.dbStatementTimeoutMs,
  });
}

/** Decorates `app.db` with an opened, migrated connection and closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, options: { connection: DatabaseConnection }) => {
  const { connection } = options;
  app.log.info({ database: connection.kind }, "database ready");
  app.decorate("db", connection.db);
  app.addHook("onClose", () => connection.close());
});
