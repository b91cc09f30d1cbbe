import {
  isNotificationKind,
  type NotificationKind,
  type NotificationLanguage,
  notificationCatalogue,
  renderNotification,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, queryRows } from "../adapters/db/database";
import type { AppConfig } from "../config";
import { decryptField, fieldKeys } from "../documents/field-encryption";
import { digest } from "./actions";
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

/** What one pass did, for tests and the benchmark. */
export interface DeliveryPass {
  claimed: number;
  sent: number;
}

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

/**
 * Delivers the outbox by e-mail: claims due rows with FOR UPDATE SKIP LOCKED (so instances never take the same row)
 * under a lease, sends each with its stable Message-ID, and marks it sent; a failure retries with exponential backoff
 * until `maxAttempts`, then the row is dead. A sender that dies mid-batch leaves its rows `sending` until the lease
 * runs out; another pass then sends them again, with the same Message-ID.
 */
export class NotificationDelivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly mailer: Mailer | null,
    private readonly log: FastifyBaseLogger,
    /** A failed pass (the database away): reported once per outage by the caller, not logged every poll. */
    private readonly onPassError: (error: unknown) => void = (error) =>
      log.warn({ err: error }, "notification delivery pass failed"),
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.loop();
    }, delayMs);
  }

  private async loop(): Promise<void> {
    let more = false;
    try {
      const pass = await this.runOnce();
      more = pass.claimed === this.config.notifications.batchSize;
    } catch (error) {
      this.onPassError(error);
    }
    this.schedule(more ? 0 : this.config.notifications.pollIntervalMs);
  }

  /** Claims one batch and delivers it. */
  async runOnce(): Promise<DeliveryPass> {
    const { batchSize, claimLeaseMs, concurrency } = this.config.notifications;
    const rows = await queryRows<ClaimedRow>(
      this.db,
      sql`with due as (
            select id from notifications
            where email_status in ('pending', 'sending') and next_attempt_at <= now()
            order by next_attempt_at, id
            limit ${batchSize}
            for update skip locked
          )
          update notifications n
          set email_status = 'sending', attempts = n.attempts + 1,
              next_attempt_at = now() + ${claimLeaseMs} * interval '1 millisecond',
              claimed_until = now() + ${claimLeaseMs} * interval '1 millisecond'
          from due
          where n.id = due.id
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
    let sent = 0;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const outcome = await this.deliver(row);
        if (outcome === "sent") sent += 1;
        await this.record(row, outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
    return { claimed: rows.length, sent };
  }

  private async deliver(row: ClaimedRow): Promise<Outcome> {
    if (!row.source_present) return "withdrawn";
    if (!isNotificationKind(row.kind) || this.mailer === null || row.email_encrypted === null)
      return "skipped";
    const kind: NotificationKind = row.kind;
    const keys = fieldKeys(this.config);
    const secret = row.secret_encrypted === null ? undefined : decryptField(keys, row.secret_encrypted);
    // The verification link goes to the unverified address it verifies (and only while it is the live one); the
    // buyer's confirmation link verifies the buyer's; everything else waits for a verified address and its switch.
    if (kind === "address_verification") {
      if (secret === undefined || row.verify_token_hash !== digest(secret)) return "skipped";
    } else if (kind !== "buyer_confirmation_request" && (!row.verified || !row.email_on)) {
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

  private async record(row: ClaimedRow, outcome: Outcome): Promise<void> {
    if (typeof outcome === "string") {
      await this.db.execute(
        sql`update notifications set email_status = ${outcome}, claimed_until = null,
              sent_at = case when ${outcome} = 'sent' then now() else null end
            where id = ${row.id}`,
      );
      return;
    }
    const { maxAttempts, retryBaseMs } = this.config.notifications;
    const dead = row.attempts >= maxAttempts;
    const waitMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), 3_600_000);
    this.log.warn(
      { notification: row.id, attempt: row.attempts, error: outcome.failed, dead },
      "e-mail not sent",
    );
    await this.db.execute(
      sql`update notifications set email_status = ${dead ? "dead" : "pending"}, claimed_until = null,
            last_error = ${outcome.failed}, next_attempt_at = now() + ${waitMs} * interval '1 millisecond'
          where id = ${row.id}`,
    );
  }
}
