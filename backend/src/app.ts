import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { CacheStore } from "./adapters/cache";
import type { ObjectStorage } from "./adapters/storage";
import { chainPlugin } from "./chain/plugin";
import type { AppConfig } from "./config";
import { type ContractAddresses, readContractAddresses } from "./deployment";
import { errorsPlugin } from "./errors/plugin";
import { emailJobsPlugin, notificationsPlugin, startEmailJobs } from "./notifications/plugin";
import { authPlugin } from "./plugins/auth";
import { cachePlugin } from "./plugins/cache";
import { compiledSerializerCompiler } from "./plugins/compiled-serializer";
import { compressAnswersPlugin } from "./plugins/compress-answers";
import { crashRecoveryPlugin } from "./plugins/crash-recovery";
import { dbPlugin, openAppDatabase } from "./plugins/db";
import { docsPlugin } from "./plugins/docs";
import { inputGuardPlugin } from "./plugins/input-guard";
import { privateLogSerializers, redactedLogPaths } from "./plugins/log-privacy";
import { metricsPlugin } from "./plugins/metrics";
import { operatorWatchPlugin } from "./plugins/operator-watch";
import { originCheckPlugin } from "./plugins/origin-check";
import { profileCachePlugin } from "./plugins/profile-cache";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { refusedBodyPlugin } from "./plugins/refused-body";
import { resiliencePlugin } from "./plugins/resilience";
import { responseContractPlugin } from "./plugins/response-contract";
import { roleWatchPlugin } from "./plugins/role-watch";
import { storagePlugin } from "./plugins/storage";
import { serverOptions } from "./resilience/server-options";
import { routeAreas } from "./routes";
import { staticAppsPlugin } from "./static/plugin";
import "./types";

export type { AppConfig } from "./config";
export { loadConfig } from "./config";

export interface BuildOptions {
  /** Use this cache store instead of opening one from the configuration (the caller closes it). */
  cache?: CacheStore;
  /** Use this object storage instead of opening one from the configuration (the caller closes it). */
  storage?: ObjectStorage;
  /** Contract addresses; when omitted they come from the configuration's addresses or else its deployment file. */
  contracts?: ContractAddresses | null;
  /** A pino destination for the logs (tests capture them); stdout when omitted. */
  logStream?: NodeJS.WritableStream;
  /** With `DATA_DIR=memory://`: start the embedded database from this dump of a migrated one (tests; connect.ts). */
  pgliteTemplate?: Blob;
}

/** Builds the whole API without listening, so tests run it in-process and server.ts only calls listen(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const pretty =
    options.logStream === undefined &&
    (config.logFormat === "pretty" || (config.logFormat === "auto" && process.stdout.isTTY === true));
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log what identifies a person or grants access (plugins/log-privacy.ts).
      redact: redactedLogPaths,
      serializers: privateLogSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(pretty
        ? {
            transport: {
              target: "pino-pretty",
              options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true },
            },
          }
        : {}),
    },
    // A random id per request, in every log line, error body and X-Request-Id header; a client's own is not trusted.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: !config.requestLogging }),
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    ...serverOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  // JSON and multipart only: any other body type gets 415 instead of reaching a handler as a string.
  app.removeContentTypeParser("text/plain");

  app.decorate("config", config);
  app.decorate(
    "contracts",
    options.contracts !== undefined
      ? options.contracts
      : (config.contractAddresses ?? (await readContractAddresses(config.deploymentsFile, config.chainId))),
  );
  await app.register(resiliencePlugin);
  // The error handler before any route: a route takes the handler set when it is declared (/metrics' 401 too).
  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(refusedBodyPlugin);
  await app.register(originCheckPlugin);
  await app.register(inputGuardPlugin);
  await app.register(staticAppsPlugin);
  await app.register(responseContractPlugin);
  await app.register(compressAnswersPlugin);
  await app.register(docsPlugin);
  // Opened here, not inside a plugin: waiting for another instance's migration has no time limit (plugins/db.ts).
  const connection = await openAppDatabase(config, options.pgliteTemplate);
  await app.register(dbPlugin, { connection });
  // The e-mail job queue before the chain: the indexer's transactions create notifications' jobs.
  await app.register(emailJobsPlugin, { jobs: await startEmailJobs(app, connection) });
  await app.register(cachePlugin, { cache: options.cache });
  await app.register(storagePlugin, { storage: options.storage });
  // The chain first: auth reads roles through the app's one chain client.
  await app.register(chainPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(profileCachePlugin);
  await app.register(crashRecoveryPlugin);
  await app.register(roleWatchPlugin);
  await app.register(operatorWatchPlugin);
  await app.register(notificationsPlugin);
  for (const area of routeAreas) await app.register(area, { prefix: "/api" });
  return app;
}
