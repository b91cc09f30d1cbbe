import { sql } from "drizzle-orm";
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_idempotency_idx")
      .on(t.farmerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("invoices_farmer_idx").on(t.farmerId),
  ],
);
