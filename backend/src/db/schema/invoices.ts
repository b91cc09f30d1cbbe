import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyerIdSql } from "./buyer-entity";
import { storedFileColumns } from "./columns";
import { farmers } from "./farmers";

/**
 * Off-chain metadata of an invoice, joined with `chain_invoices` by token id. A row is written before the chain
 * transaction ('submitting', token_id null) and completed from the receipt ('submitted'); a failed submission deletes it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenId: numeric("token_id", { precision: 78, scale: 0, mode: "bigint" }).unique(),
    farmerId: uuid("farmer_id")
      .notNull()
      .references(() => farmers.id),
    farmerAddress: text("farmer_address").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    buyerName: text("buyer_name").notNull(),
    /** The buyer's e-mail or phone, AES-256-GCM like other personal data; null for invoices from before evidence. */
    buyerContactEncrypted: text("buyer_contact_encrypted"),
    description: text("description").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** keccak256 of farmer, invoice number and buyer as sent to the contract: one invoice is tokenised once. */
    referenceHash: text("reference_hash").notNull().unique(),
    /** The client's Idempotency-Key, unique per farmer. */
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the request body the key was first used with: the same key with another body is refused (422). */
    requestHash: text("request_hash"),
    /** submitting | submitted */
    submissionState: text("submission_state").notNull(),
    txHash: text("tx_hash"),
    /** The buyer's answer through a confirmation link: confirmed | disputed, null while none. */
    buyerDecision: text("buyer_decision"),
    /** link | wallet_signature */
    buyerDecisionMethod: text("buyer_decision_method"),
    buyerDecidedAt: timestamp("buyer_decided_at", { withTimezone: true }),
    /** The checksummed wallet that signed the EIP-712 answer, and its signature. */
    buyerSigner: text("buyer_signer"),
    buyerSignature: text("buyer_signature"),
    /** The buyer's words with a dispute. */
    buyerNote: text("buyer_note"),
    /** The domain of the address the answered link was e-mailed to (what the investors' badge names). */
    buyerEmailDomain: text("buyer_email_domain"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_idempotency_idx")
      .on(t.farmerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("invoices_farmer_idx").on(t.farmerId),
    // A buyer's record finds its invoices by the entity id the fact sheet links to (decision 0054).
    index("invoices_buyer_entity_idx").on(buyerIdSql, t.tokenId),
  ],
);

/**
 * The evidence files of an invoice (the invoice document, a proof of delivery): where the bytes are in object
 * storage and their SHA-256. The invoice document's SHA-256 is the documentHash committed on chain.
 */
export const invoiceDocuments = pgTable(
  "invoice_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** kind: invoice | deliveryProof */
    ...storedFileColumns(),
  },
  (t) => [
    uniqueIndex("invoice_documents_invoice_kind_unique").on(t.invoiceId, t.kind),
    // A document fingerprint already used is refused for its farmer and flagged for another (duplicates.ts).
    index("invoice_documents_sha256_idx").on(t.sha256),
  ],
);

/**
 * Links a farmer sends to the buyer (`/confirm/:token`). Only the token's SHA-256 is stored, so the table never
 * holds a usable link; a link decides once (used_at), expires, and a newer link revokes the older ones.
 */
export const invoiceConfirmationLinks = pgTable(
  "invoice_confirmation_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the link token. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invoice_confirmation_links_invoice_idx").on(t.invoiceId, t.createdAt)],
);

/**
 * Audit trail of admins' decisions on invoices, each recorded once its transaction was mined and succeeded: who,
 * when, why, the buyer's status then, and the transaction (null only on rows from before that rule).
 */
export const invoiceReviews = pgTable(
  "invoice_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    adminAddress: text("admin_address").notNull(),
    /** approve | reject | default | settle */
    action: text("action").notNull(),
    reason: text("reason"),
    /** none | link_sent | link_expired | confirmed | disputed, when the admin decided. */
    buyerStatus: text("buyer_status").notNull(),
    /** The mined transaction that made the decision; one row per transaction. */
    txHash: text("tx_hash"),
    blockNumber: bigint("block_number", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invoice_reviews_invoice_idx").on(t.invoiceId, t.createdAt),
    uniqueIndex("invoice_reviews_tx_hash_idx").on(t.txHash),
  ],
);
