import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createObjectStorage, type ObjectStorage } from "../adapters/storage";
import { countingErrors } from "../metrics/farm-metrics";

/** Decorates `app.storage` (S3 or a local folder) unless the caller passed one in. */
export const storagePlugin = fp(async (app: FastifyInstance, options: { storage?: ObjectStorage }) => {
  const storage =
    options.storage ?? createObjectStorage({ s3: app.config.s3, storageDir: app.config.storageDir });
  app.decorate("storage", countingErrors(storage, app.metrics.storageErrors));
  if (!options.storage) app.addHook("onClose", () => storage.close());
});
