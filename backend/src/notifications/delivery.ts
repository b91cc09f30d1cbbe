import {
  isNotificationKind,
  type NotificationKind,
  type NotificationLanguage,
  notificationCatalogue,
  renderNotification,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { JobResult } from "pg-boss";
import { type Database, queryRows } from "../adapters/db/database";
import type { AppConfig } from "../config";
import { decryptField, fieldKeys } from "../documents/field-encryption";
import { digest } from "./actions";
import type { EmailJob, EmailJobs } from "./jobs";
import { type Mailer, mailDomain } from "./mailer";
import { unsubscribeToken } from "./tokens";

interface ClaimedRow {
  id: number;
  kind: string;
  recipient: string;
  params: Record<string, string>;
  secret_encrypted: string | null;
  attempts: number;
  source_present: boolean;
  email_encrypted: string | null;
  language: string | null;
  verified: boolean;
  verify_token_hash: string | null;
  email_on: boolean;
}

type Outcome = "sent" | "skipped" | "withdrawn" | { failed: string };

/** The Message-ID of a notification: the same for every attempt, so a resend after a crash is recognisably the same. */
export const messageIdOf = (id: number, from: string) => `<notification-${id}@${mailDomain(from)}>`;

const errorCode = (error: unknown): string => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  // Only the error's class and SMTP code: a server's message may quote the address.
  return (
    [typeof code === "string" ? code : "", typeof responseCode === "number" ? String(responseCode) : ""]
      .filter(Boolean)
      .join(" ")
      .slice(0, 60) || "error"
  );
};

/** Ids as a PostgreSQL array literal (only integers: they come from the jobs' own data). */
const idArray = (ids: readonly number[]) => `{${ids.filter(Number.isSafeInteger).join(",")}}`;

/**
 * Delivers the outbox by e-mail from pg-boss jobs (`jobs.ts`): each job names one outbox row. A batch's rows are read
 * with what sending needs and marked `sending`, each is sent with its stable Message-ID and marked sent, skipped or
 * withdrawn; a failure is left to pg-boss's retry with backoff, and on the last attempt the row is `dead`. A row
 * already settled (sent by an instance that died before its job was completed) is not sent again: only a message on
 * the wire when its sender died goes out twice, with the same Message-ID.
 */
export class NotificationDelivery {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly jobs: EmailJobs,
    private readonly mailer: Mailer | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts pg-boss's workers on this instance. */
  async start(): Promise<void> {
    await this.jobs.work(
      (batch) => this.handle(batch),
      (ids) => this.markDead(ids),
    );
  }

  async stop(): Promise<void> {
    await this.jobs.offWork();
  }

  /** Fetches, delivers and settles one batch by hand; how many jobs it took. */
  runOnce(): Promise<number> {
    return this.jobs.runOnce((batch) => this.handle(batch));
  }

  /** One batch of jobs: the outcome of each, for pg-boss to settle one by one. */
  async handle(batch: readonly EmailJob[]): Promise<JobResult[]> {
    const ids = batch.map((job) => job.data.id);
    const rows = await queryRows<ClaimedRow>(
      this.db,
      sql`update notifications n set email_status = 'sending', attempts = n.attempts + 1
          where n.id = any(${idArray(ids)}::bigint[])
            and n.email_status in ('pending', 'sending')
          returning n.id, n.kind, n.recipient, n.params, n.secret_encrypted, n.attempts,
            (n.source_event is null or exists (select 1 from chain_events e where e.id = n.source_event))
              as source_present,
            (select a2.email_encrypted from notification_addresses a2 where a2.owner = n.recipient) as email_encrypted,
            (select a2.language from notification_addresses a2 where a2.owner = n.recipient) as language,
            coalesce((select a2.verified_at is not null from notification_addresses a2 where a2.owner = n.recipient), false)
              as verified,
            (select a2.verify_token_hash from notification_addresses a2 where a2.owner = n.recipient) as verify_token_hash,
            coalesce((select p.email from notification_preferences p where p.owner = n.recipient and p.kind = n.kind), true)
              as email_on`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const taken = new Set<number>();
    const results: JobResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const job = batch[next++]!;
        const row = byId.get(job.data.id);
        // Settled already (or gone), or named by another job of this batch: nothing to send, the job is done.
        if (row === undefined || taken.has(job.data.id)) {
          results.push({ id: job.id, status: "completed" });
          continue;
        }
        taken.add(job.data.id);
        const outcome = await this.deliver(row);
        const last = job.retryCount >= job.retryLimit;
        await this.record(row, outcome, last);
        results.push({ id: job.id, status: typeof outcome === "string" ? "completed" : "failed" });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.config.notifications.concurrency, batch.length) }, worker),
    );
    return results;
  }

  /**
   * Jobs pg-boss dead-lettered. A row the handler failed for the last time is dead already; a row still `sending` lost
   * its last attempt's sender, and is dead now. A row an admin put back (pending) is left to its new job.
   */
  private async markDead(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`update notifications set email_status = 'dead'
          where id = any(${idArray(ids)}::bigint[]) and email_status = 'sending'`,
    );
  }

  private async deliver(row: ClaimedRow): Promise<Outcome> {
    if (!row.source_present) return "withdrawn";
    if (!isNotificationKind(row.kind) || this.mailer === null || row.email_encrypted === null)
      return "skipped";
    const kind: NotificationKind = row.kind;
    const keys = fieldKeys(this.config);
    const secret = row.secret_encrypted === null ? undefined : decryptField(keys, row.secret_encrypted);
    // The verification link goes to the unverified address it verifies (and only while it is the live one); the
    // buyer's confirmation link verifies the buyer's, so it needs only its switch (its List-Unsubscribe works);
    // everything else waits for a verified address and its switch.
    if (kind === "address_verification") {
      if (secret === undefined || row.verify_token_hash !== digest(secret)) return "skipped";
    } else if (!row.email_on || (kind !== "buyer_confirmation_request" && !row.verified)) {
      return "skipped";
    }
    const language: NotificationLanguage = row.language === "id" ? "id" : "en";
    const params = secret === undefined ? row.params : { ...row.params, token: secret };
    const rendered = renderNotification(kind, params, language);
    const { notifications, publicApiUrl, encryptionKey } = this.config;
    const base = rendered.link.startsWith("/api/")
      ? publicApiUrl
      : rendered.app === "portal"
        ? notifications.portalUrl
        : notifications.investorUrl;
    const headers: Record<string, string> = {};
    const info = notificationCatalogue[kind] as { required?: boolean };
    if (!info.required) {
      const unsubscribe = `${publicApiUrl}/api/notifications/unsubscribe/${unsubscribeToken(encryptionKey, row.recipient, kind)}`;
      headers["List-Unsubscribe"] = `<${unsubscribe}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    try {
      await this.mailer.send({
        to: decryptField(keys, row.email_encrypted),
        subject: rendered.subject,
        text: `${rendered.body}\n\n${base}${rendered.link}\n`,
        messageId: messageIdOf(row.id, notifications.mailFrom),
        headers,
      });
      return "sent";
    } catch (error) {
      return { failed: errorCode(error) };
    }
  }

  private async record(row: ClaimedRow, outcome: Outcome, last: boolean): Promise<void> {
    if (typeof outcome === "string") {
      await this.db.execute(
        sql`update notifications set email_status = ${outcome},
              sent_at = case when ${outcome} = 'sent' then now() else null end
            where id = ${row.id}`,
      );
      return;
    }
    this.log.warn(
      { notification: row.id, attempt: row.attempts, error: outcome.failed, dead: last },
      "e-mail not sent",
    );
    await this.db.execute(
      sql`update notifications set email_status = ${last ? "dead" : "pending"}, last_error = ${outcome.failed}
          where id = ${row.id}`,
    );
  }
}
