import { integer, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The columns of an uploaded file kept in object storage (a farmer's KYC document, an invoice's evidence): its kind,
 * where it is stored, what the bytes are and their SHA-256. A function: each table needs its own column builders.
 */
export const storedFileColumns = () => ({
  kind: text("kind").notNull(),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  sha256: text("sha256").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});
