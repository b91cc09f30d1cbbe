import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Db as IDatabase,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
} from "pg-boss";
import { z } from "zod";
import type { Executor } from "../adapters/db/database";
import { type NotificationsConfig, notificationsEnv, toNotificationsConfig } from "../config/notifications";

/** The pg-boss queue of e-mails to send: one job per outbox row that is to go out, its data the row's id. */
export const emailQueue = "notification-email";
/** Where pg-boss moves a job whose attempts ran out (its row is `dead`, listed to the admin). */
export const emailDeadQueue = "notification-email-dead";

export interface EmailJobData {
  id: number;
}
export type EmailJob = JobWithMetadata<EmailJobData>;

/** Creates e-mail jobs inside the caller's transaction: the job exists exactly when its outbox row commits. */
export interface EmailJobSender {
  enqueue(tx: Executor, notificationIds: readonly number[]): Promise<void>;
}

/**
 * Where pg-boss keeps its tables: PostgreSQL through its own pool, the embedded PGlite through its adapter, or a
 * PostgreSQL adapter of the caller's (the plan tests record what pg-boss sends).
 */
export type JobDatabase =
  | { databaseUrl: string; poolSize: number }
  | { pglite: PGlite }
  | { adapter: IDatabase };

/** A second, with pg-boss's whole-second options never below one. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The e-mail delivery queue on pg-boss (decision 0048): jobs are inserted in the outbox's transaction through the
 * caller's drizzle transaction, fetched with SKIP LOCKED by any instance, retried with pg-boss's exponential backoff,
 * expired (and retried) when the instance holding them died, and moved to a dead-letter queue when attempts run out.
 */
export class EmailJobs implements EmailJobSender {
  private constructor(
    readonly boss: PgBoss,
    private readonly settings: NotificationsConfig,
  ) {}

  static async start(
    database: JobDatabase,
    settings: NotificationsConfig,
    onError: (error: unknown) => void,
  ): Promise<EmailJobs> {
    const common = {
      schedule: false,
      // Only delivering instances look for expired jobs (a sender that died) and clean up.
      supervise: settings.worker,
      superviseIntervalSeconds: seconds(settings.claimLeaseMs),
      registerInstance: false,
      openTelemetry: { enabled: false },
    };
    const boss =
      "pglite" in database
        ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" })
        : "adapter" in database
          ? new PgBoss({ ...common, db: database.adapter })
          : new PgBoss({
              ...common,
              connectionString: database.databaseUrl,
              max: database.poolSize,
              application_name: "farm-email-jobs",
            });
    boss.on("error", onError);
    await boss.start();
    await boss.createQueue(emailDeadQueue, { retentionSeconds: 30 * 86_400 });
    await boss.createQueue(emailQueue, queueOptions(settings));
    // createQueue keeps an existing queue as it was: the settings of this release win.
    await boss.updateQueue(emailQueue, queueOptions(settings));
    return new EmailJobs(boss, settings);
  }

  async enqueue(tx: Executor, notificationIds: readonly number[]): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.boss.insert(
      emailQueue,
      notificationIds.map((id) => ({ data: { id } })),
      // Drizzle's database or transaction: both answer execute(sql) as the adapter expects.
      { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
    );
  }

  /** Delivers with `handle` in this instance until `stop`; dead-lettered jobs go to `onDead`. */
  async work(
    handle: (jobs: EmailJob[]) => Promise<JobResult[]>,
    onDead: (ids: number[]) => Promise<void>,
  ): Promise<void> {
    const { batchSize, pollIntervalMs } = this.settings;
    const polling = { pollingIntervalSeconds: Math.max(0.5, pollIntervalMs / 1000) };
    await this.boss.work(
      emailQueue,
      { ...polling, batchSize, includeMetadata: true, perJobResults: true, burstWhenBatchFull: true },
      (jobs: EmailJob[]) => handle(jobs),
    );
    await this.boss.work<EmailJobData>(emailDeadQueue, { ...polling, batchSize: 100 }, async (jobs) =>
      onDead(jobs.map((job) => job.data.id)),
    );
  }

  async offWork(): Promise<void> {
    await this.boss.offWork(emailQueue, { wait: true });
    await this.boss.offWork(emailDeadQueue, { wait: true });
  }

  /** One batch by hand (tests look between indexing and sending): fetched, handled and settled like the worker's. */
  async runOnce(handle: (jobs: EmailJob[]) => Promise<JobResult[]>): Promise<number> {
    const jobs = (await this.boss.fetch<EmailJobData>(emailQueue, {
      batchSize: this.settings.batchSize,
      includeMetadata: true,
    })) as EmailJob[];
    if (jobs.length === 0) return 0;
    const results = await handle(jobs);
    const done = results.filter((result) => result.status === "completed").map((result) => result.id);
    const failed = results.filter((result) => result.status !== "completed").map((result) => result.id);
    if (done.length > 0) await this.boss.complete(emailQueue, done);
    if (failed.length > 0) await this.boss.fail(emailQueue, failed, { error: "not sent" });
    return jobs.length;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}

/**
 * A queue on `database` (a PostgreSQL URL, or as `EmailJobs.start` takes it) that only creates jobs, with the default settings: for a tool, a drill or a benchmark that
 * indexes into a database of its own while delivery (if any) runs elsewhere.
 */
export function startSendingOnly(database: string | JobDatabase): Promise<EmailJobs> {
  const settings = toNotificationsConfig(z.object(notificationsEnv).parse({ NOTIFY_WORKER: "false" }));
  const where = typeof database === "string" ? { databaseUrl: database, poolSize: 2 } : database;
  return EmailJobs.start(where, settings, () => {});
}

function queueOptions(settings: NotificationsConfig) {
  return {
    // maxAttempts in all: the first and maxAttempts - 1 retries.
    retryLimit: settings.maxAttempts - 1,
    retryDelay: seconds(settings.retryBaseMs),
    retryBackoff: true,
    retryDelayMax: 3_600,
    // The lease: a job held longer (its instance died) is retried by another, with the same Message-ID.
    expireInSeconds: seconds(settings.claimLeaseMs),
    deadLetter: emailDeadQueue,
  };
}
