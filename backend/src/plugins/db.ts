import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { connectDatabase } from "../adapters/db/connect";

/** Opens the database (PostgreSQL or PGlite), migrates it, decorates `app.db` and closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance) => {
  const connection = await connectDatabase({
    databaseUrl: app.config.databaseUrl,
    dataDir: app.config.dataDir,
    poolSize: app.config.dbPoolSize,
    connectTimeoutMs: app.config.resilience.dbConnectTimeoutMs,
    statementTimeoutMs: app.config.resilience.dbStatementTimeoutMs,
  });
  app.log.info({ database: connection.kind }, "database ready");
  app.decorate("db", connection.db);
  app.addHook("onClose", () => connection.close());
});
