import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { CacheStore } from "./adapters/cache";
import type { ObjectStorage } from "./adapters/storage";
import type { AppConfig } from "./config";
import { type ContractAddresses, readContractAddresses } from "./deployment";
import { authPlugin } from "./plugins/auth";
import { cachePlugin } from "./plugins/cache";
import { dbPlugin } from "./plugins/db";
import { docsPlugin } from "./plugins/docs";
import { errorsPlugin } from "./plugins/errors";
import { metricsPlugin } from "./plugins/metrics";
import { profileCachePlugin } from "./plugins/profile-cache";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { storagePlugin } from "./plugins/storage";
import { routeAreas } from "./routes";
import { chainPlugin } from "./services/chain-plugin";
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
}

/** Never log what identifies a person or grants access. */
const redactedLogPaths = ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];

/** Builds the whole API without listening, so tests run it in-process and server.ts only calls listen(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const pretty =
    options.logStream === undefined &&
    (config.logFormat === "pretty" || (config.logFormat === "auto" && process.stdout.isTTY === true));
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: redactedLogPaths,
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
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON and multipart only: any other body type gets 415 instead of reaching a handler as a string.
  app.removeContentTypeParser("text/plain");

  app.decorate("config", config);
  app.decorate(
    "contracts",
    options.contracts !== undefined
      ? options.contracts
      : (config.contractAddresses ?? (await readContractAddresses(config.deploymentsFile, config.chainId))),
  );
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(staticAppsPlugin);
  await app.register(docsPlugin);
  await app.register(dbPlugin);
  await app.register(cachePlugin, { cache: options.cache });
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(authPlugin);
  await app.register(chainPlugin);
  await app.register(rateLimitPlugin);
  await app.register(profileCachePlugin);
  for (const area of routeAreas) await app.register(area, { prefix: "/api" });
  return app;
}
