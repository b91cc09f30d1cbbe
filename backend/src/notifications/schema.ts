import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The outbox and the inbox in one row per (kind, recipient, subject): written in the transaction of the action or
 * indexed event that causes it, read by the apps' inbox, and delivered by e-mail from here (`email_status`).
 * `recipient` is a lower-case wallet address, or `buyer:<tokenId>` for an invoice's buyer (no wallet, no inbox).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** "<kind>|<recipient>|<subject>": unique, so a replayed event or a second scan never makes a second one. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull(),
    /** A secret the message carries (a buyer's confirmation token), AES-256-GCM; never shown in an inbox. */
    secretEncrypted: text("secret_encrypted"),
    /** The chain event that caused it ("<txHash>:<logIndex>"): gone from the index after a reorg means withdrawn. */
    sourceEvent: text("source_event"),
    createdAt: at("created_at").notNull().defaultNow(),
    readAt: at("read_at"),
    /** pending | sending | sent | skipped (no verified address, or e-mail off for the kind) | dead | withdrawn */
    emailStatus: text("email_status").notNull().default("pending"),
    /** Sending attempts (pg-boss counts its own retries; this is what the admin sees). */
    attempts: integer("attempts").notNull().default(0),
    /** Unused since delivery moved to pg-boss (decision 0048); kept because migrations only add. */
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    /** Unused since delivery moved to pg-boss (decision 0048); kept because migrations only add. */
    claimedUntil: at("claimed_until"),
    sentAt: at("sent_at"),
    /** Why the last attempt failed: an error class or SMTP code, never an address. */
    lastError: text("last_error"),
  },
  (table) => [
    index("notifications_recipient_idx").on(table.recipient, table.id),
    // The header's badge (polled every 30 s while signed in) counts a wallet's unread notifications: only those, not
    // every notification the wallet ever had.
    index("notifications_unread_idx").on(table.recipient).where(sql`${table.readAt} is null`),
    index("notifications_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.emailStatus} in ('pending', 'sending')`),
    index("notifications_dead_idx").on(table.id).where(sql`${table.emailStatus} = 'dead'`),
  ],
);

/** Where a recipient reads e-mail, in which language, and whether that address was verified by its link. */
export const notificationAddresses = pgTable("notification_addresses", {
  owner: text("owner").primaryKey(),
  /** AES-256-GCM like other personal data. */
  emailEncrypted: text("email_encrypted"),
  language: text("language").notNull().default("en"),
  verifiedAt: at("verified_at"),
  /** SHA-256 of the live verification token. */
  verifyTokenHash: text("verify_token_hash"),
  /** When the address and its verification token were set: the token expires NOTIFY_VERIFICATION_LINK_DAYS later. */
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * E-mail switched on or off per kind (in-app is always on); no row means on. `owner` is a recipient, or
 * `buyer-address:<digest>` for a buyer's address that opted out of confirmation links (`buyer-opt-out.ts`).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    owner: text("owner").notNull(),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.kind] })],
);
