import { assertSafeParams, type NotificationKind, type NotificationParams } from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../adapters/db/database";
import type { EmailJobSender } from "./jobs";

/** One notification to produce: unique per (kind, recipient, subject). */
export interface NewNotification {
  kind: NotificationKind;
  /** Wallet address (any case), or `buyerRecipient(tokenId)`. */
  recipient: string;
  /** What it is about, e.g. the token id, or token id and days for a reminder. */
  subject: string;
  params: NotificationParams;
  /** Already encrypted (field-encryption), e.g. the buyer's confirmation token. */
  secretEncrypted?: string;
  /** The indexed chain event that caused it. */
  sourceEvent?: string;
  /** false: inbox only, never e-mailed (a chain event that is history, not news). */
  email?: false;
}

export const buyerRecipient = (tokenId: bigint | string) => `buyer:${tokenId}`;
export const isBuyerRecipient = (recipient: string) => recipient.startsWith("buyer:");
const normalRecipient = (recipient: string) =>
  isBuyerRecipient(recipient) ? recipient : recipient.toLowerCase();

export const idempotencyKeyOf = (kind: string, recipient: string, subject: string) =>
  `${kind}|${normalRecipient(recipient)}|${subject}`;

/** Rows per statement: each chunk travels as one JSON parameter (the indexer's backfill writes thousands at once). */
const chunkSize = 5000;

/**
 * A notification already made (sent, say) whose event a reorg replaced by the same event in another transaction: its
 * row follows the new event id, so the inbox shows it again; it is not sent again.
 */
async function followMovedEvents(
  tx: Executor,
  rows: readonly { idempotencyKey: string; sourceEvent: string | null }[],
): Promise<void> {
  const moved = rows.flatMap((row) =>
    row.sourceEvent === null ? [] : [{ k: row.idempotencyKey, e: row.sourceEvent }],
  );
  if (moved.length === 0) return;
  await tx.execute(
    sql`update notifications n set source_event = x.e
        from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as x(k text, e text)
        where n.idempotency_key = x.k and n.email_status <> 'withdrawn' and n.source_event <> x.e
          and not exists (select 1 from chain_events c where c.id = n.source_event)`,
  );
}

/**
 * Writes notifications in the caller's transaction (the action's or the indexed events'), and the e-mail job of each
 * new one in the same transaction, so both exist exactly when their cause commits. A key already present is left
 * alone, except one a reorg withdrew, which comes back pending (with a new job) when its event is indexed again.
 * Items marked `email: false` (history) are written settled, as `skipped`, and get no job; so are items for a wallet
 * that has no e-mail address at all (delivery would skip them: a job each was most of a backfill's notification cost).
 */
export async function enqueueNotifications(
  tx: Executor,
  jobs: EmailJobSender,
  items: readonly NewNotification[],
): Promise<void> {
  for (let start = 0; start < items.length; start += chunkSize) {
    const rows = items.slice(start, start + chunkSize).map((item) => {
      assertSafeParams(item.params);
      return {
        idempotencyKey: idempotencyKeyOf(item.kind, item.recipient, item.subject),
        kind: item.kind,
        recipient: normalRecipient(item.recipient),
        params: item.params,
        secretEncrypted: item.secretEncrypted ?? null,
        sourceEvent: item.sourceEvent ?? null,
        // History is not e-mailed: its row is settled from the start and gets no job.
        emailStatus: item.email === false ? "skipped" : "pending",
      };
    });
    // One JSON parameter for the whole chunk: a statement of thousands of bound values cost the indexer's backfill
    // more to build and parse than to write (bench:indexer-scale).
    const written = await queryRows<{ id: string | number; email_status: string; idempotency_key: string }>(
      tx,
      sql`insert into notifications
            (idempotency_key, kind, recipient, params, secret_encrypted, source_event, email_status)
          select x."idempotencyKey", x.kind, x.recipient, x.params, x."secretEncrypted", x."sourceEvent",
            -- A wallet with no e-mail address at all is never e-mailed (delivery would skip it): no job for it.
            case when x."emailStatus" = 'pending' and x.recipient not like 'buyer:%'
                   and x.kind not in ('address_verification', 'buyer_confirmation_request')
                   and not exists (select 1 from notification_addresses a where a.owner = x.recipient)
                 then 'skipped' else x."emailStatus" end
          from json_to_recordset(${JSON.stringify(rows)}::json) as x("idempotencyKey" text, kind text,
            recipient text, params jsonb, "secretEncrypted" text, "sourceEvent" text, "emailStatus" text)
          on conflict (idempotency_key) do update
            set email_status = excluded.email_status, source_event = excluded.source_event
            where notifications.email_status = 'withdrawn'
          returning id, email_status, idempotency_key`,
    );
    // Keys already present and left alone by the insert: one a reorg moved to another transaction follows it.
    if (written.length < rows.length) {
      const touched = new Set(written.map((row) => row.idempotency_key));
      await followMovedEvents(
        tx,
        rows.filter((row) => !touched.has(row.idempotencyKey)),
      );
    }
    await jobs.enqueue(
      tx,
      written.filter((row) => row.email_status === "pending").map((row) => Number(row.id)),
    );
  }
}
