import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { outageOf } from "../errors/dependency";
import { reconcileCredentialWrites } from "../services/investors/credential-reconciler";
import { reconcileSubmissions } from "../services/invoices/submission-reconciler";
import { sweepOrphanedObjects } from "../services/storage-sweeper";

/** Runs `job` now and every `everyMs` while the app is up, never twice at once; failures are logged, not thrown. */
function every(app: FastifyInstance, name: string, everyMs: number, job: () => Promise<object | null>) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await job();
      if (done) app.log.info(done, `${name} done`);
    } catch (error) {
      const outage = outageOf(error);
      if (outage) app.outages.failed(outage.dependency, outage.code);
      else app.log.warn({ err: error }, `${name} failed; retrying later`);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}

/**
 * Recovery without human help after a crash: invoice submissions left in 'submitting' and investor credential writes
 * left under way are reconciled with the chain,
 * and stored documents no registration refers to are swept, on start and periodically (every instance; each change
 * is conditional, so instances running together do no harm).
 */
export const crashRecoveryPlugin = fp(async (app: FastifyInstance) => {
  const { submissions, storageSweep } = app.config.resilience;
  every(app, "submission reconciliation", submissions.reconcileIntervalMs, async () => {
    const result = await reconcileSubmissions(app.db, app.chain, { stuckAfterMs: submissions.stuckAfterMs });
    return result.completed + result.released > 0 ? result : null;
  });
  every(app, "credential write reconciliation", submissions.reconcileIntervalMs, async () => {
    const result = await reconcileCredentialWrites(app, { stuckAfterMs: submissions.stuckAfterMs });
    return result.completed + result.released > 0 ? result : null;
  });
  every(app, "storage sweep", storageSweep.intervalMs, async () => {
    const result = await sweepOrphanedObjects(app.db, app.storage, { graceMs: storageSweep.graceMs });
    return result.orphanedObjects + result.staleUploads > 0 ? result : null;
  });
});
