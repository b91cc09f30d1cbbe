import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { pingDatabase } from "../adapters/db/connect";
import { OutageLog } from "../resilience/outages";

declare module "fastify" {
  interface FastifyInstance {
    /** Open dependency outages: logged once each, probed until they end. */
    outages: OutageLog;
  }
}

/** Decorates `app.outages`, probing each dependency through the app's own adapters while it is away. */
export const resiliencePlugin = fp(async (app: FastifyInstance) => {
  const outages = new OutageLog(app.log, {
    database: () => pingDatabase(app.db),
    cache: () => app.cache.ping(),
    chain: () => app.chain.publicClient.getBlockNumber(),
    storage: () => app.storage.ping(),
  });
  app.decorate("outages", outages);
  app.addHook("onClose", async () => outages.stop());
});
