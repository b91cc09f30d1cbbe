import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type DatabaseConnection, pingDatabase } from "../adapters/db/connect";
import { outageOf } from "../errors/dependency";
import { OutageLog } from "../resilience/outages";
import { NotificationDelivery } from "./delivery";
import { scanCredentialExpiry } from "./investor-actions";
import { EmailJobs } from "./jobs";
import { smtpMailer } from "./mailer";
import { scanDateReminders } from "./reminders";

export interface NotificationsRuntime {
  delivery: NotificationDelivery;
  /** Runs the date scan now on the chain's clock; null when the chain's time cannot be read. */
  scanNow(): Promise<number | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    notifications: NotificationsRuntime;
    /** The e-mail job queue (pg-boss): producers create a message's job in the transaction of its outbox row. */
    emailJobs: EmailJobs;
  }
}

/** pg-boss's connections on PostgreSQL: a fetch, the settles and the supervision need few. */
const jobPoolSize = 4;

/** A failure of a background part: a dependency outage is reported once per outage, anything else logged. */
const failureReporter = (app: FastifyInstance, what: string) => (error: unknown) => {
  const outage = outageOf(error);
  if (outage) app.outages.failed(outage.dependency, outage.code);
  else app.log.warn({ err: error }, `${what} failed`);
};

/**
 * pg-boss hands its error listeners plain copies of errors (`{...error, message, stack, queue, worker}`), which
 * outageOf does not read and the log printed as "[non-error value removed]": an Error again, with its code and syscall.
 */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  const fields = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const error = new Error(typeof fields.message === "string" ? fields.message : String(value));
  if (typeof fields.stack === "string") error.stack = fields.stack;
  for (const key of ["code", "syscall", "errno", "queue"] as const)
    if (fields[key] !== undefined) Object.assign(error, { [key]: fields[key] });
  return error;
}

/**
 * Starts the e-mail job queue on the app's database: pg-boss's own pool on PostgreSQL, the embedded PGlite itself
 * through pg-boss's PGlite adapter. Called by buildApp outside any plugin, like the database: pg-boss installs or
 * migrates its schema first, which may wait for another instance doing the same.
 */
export function startEmailJobs(app: FastifyInstance, connection: DatabaseConnection): Promise<EmailJobs> {
  const { config } = app;
  const database =
    connection.pglite !== undefined
      ? { pglite: connection.pglite }
      : { databaseUrl: config.databaseUrl ?? "", poolSize: jobPoolSize };
  // pg-boss's pool has no client-side query timeout: a statement caught in an outage may fail after the database is
  // back, so its failures never open (or reopen) the requests' outage. They count in it while it is open, else in the
  // queue's own: one line when its polls start failing, one when the database answers again (it polls twice a second).
  const queueOutages = new OutageLog(
    app.log,
    { database: () => pingDatabase(connection.db) },
    { part: "e-mail job queue" },
  );
  app.addHook("onClose", async () => queueOutages.stop());
  const onError = (value: unknown) => {
    const error = asError(value);
    const outage = outageOf(error);
    if (outage && app.outages.isDown(outage.dependency)) app.outages.failed(outage.dependency, outage.code);
    else if (outage) queueOutages.failed(outage.dependency, outage.code);
    else app.log.warn({ err: error }, "e-mail job queue failed");
  };
  return EmailJobs.start(database, config.notifications, onError);
}

/** Decorates `app.emailJobs` and stops it with the app (before the database closes). */
export const emailJobsPlugin = fp(async (app: FastifyInstance, options: { jobs: EmailJobs }) => {
  app.decorate("emailJobs", options.jobs);
  app.addHook("onClose", () => options.jobs.stop());
});

/**
 * E-mail delivery of the outbox (pg-boss's workers) and the date scan, both on every instance with NOTIFY_WORKER
 * (pg-boss hands each job to one instance; reminders are idempotent). Without SMTP (or with NOTIFY_EMAIL=false)
 * messages are marked skipped and live on in the inbox.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  const settings = app.config.notifications;
  const mailer =
    settings.email && settings.smtpUrl
      ? smtpMailer(settings.smtpUrl, settings.mailFrom, settings.concurrency)
      : null;
  const reportFailure = (what: string) => failureReporter(app, what);
  const delivery = new NotificationDelivery(app.db, app.config, app.emailJobs, mailer, app.log);
  const scanNow = async (): Promise<number | null> => {
    if (app.contracts === null) return null;
    // Only the chain's own time: a server clock standing in would send a reminder the chain does not agree with.
    const block = await app.chain.publicClient.getBlock({ blockTag: "latest" }).catch(() => null);
    if (block === null) return null;
    const chainTime = new Date(Number(block.timestamp) * 1000);
    const reminded = await scanDateReminders(app.db, app.emailJobs, chainTime, app.config.adminAddresses);
    return reminded + (await scanCredentialExpiry(app.db, app.emailJobs, chainTime));
  };
  app.decorate("notifications", { delivery, scanNow });
  let scanTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    if (!settings.worker) return;
    await delivery.start();
    scanTimer = setInterval(() => {
      scanNow().catch(reportFailure("notification date scan"));
    }, settings.scanIntervalMs);
    scanTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(scanTimer);
    await delivery.stop();
    mailer?.close();
  });
});
