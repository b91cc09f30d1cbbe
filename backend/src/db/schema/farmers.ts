import type { RefusedItems } from "@farm/core";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { storedFileColumns } from "./columns";

/** A wallet's farmer registration (KYC). NIK, NPWP and bank account number are AES-256-GCM ciphertexts. */
export const farmers = pgTable(
  "farmers",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Checksummed address of the wallet that registered; one registration per wallet. */
    walletAddress: text("wallet_address").notNull(),
    /** pending_review | approved | rejected */
    status: text("status").notNull(),
    fullName: text("full_name").notNull(),
    nikEncrypted: text("nik_encrypted").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    dateOfBirth: text("date_of_birth").notNull(),
    street: text("street").notNull(),
    province: text("province").notNull(),
    city: text("city").notNull(),
    district: text("district").notNull(),
    postalCode: text("postal_code").notNull(),
    businessName: text("business_name").notNull(),
    businessType: text("business_type").notNull(),
    npwpEncrypted: text("npwp_encrypted").notNull(),
    bankName: text("bank_name").notNull(),
    bankAccountEncrypted: text("bank_account_encrypted").notNull(),
    bankAccountHolder: text("bank_account_holder").notNull(),
    crops: jsonb("crops").$type<string[]>().notNull(),
    landAreaHectares: numeric("land_area_hectares", { precision: 12, scale: 2, mode: "number" }).notNull(),
    yearsFarming: integer("years_farming").notNull(),
    rejectionReason: text("rejection_reason"),
    /** The documents and fields the last rejection refused; the next registration keeps everything else. */
    refusedItems: jsonb("refused_items").$type<RefusedItems>(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
  },
  (table) => [
    uniqueIndex("farmers_wallet_address_unique").on(table.walletAddress),
    index("farmers_status_submitted_idx").on(table.status, table.submittedAt, table.id),
  ],
);

/** The KYC documents of a farmer: where the bytes are in object storage and their SHA-256. */
export const farmerDocuments = pgTable(
  "farmer_documents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    farmerId: uuid("farmer_id")
      .notNull()
      .references(() => farmers.id, { onDelete: "cascade" }),
    /** kind: ktp | npwp | bankStatement */
    ...storedFileColumns(),
  },
  (table) => [uniqueIndex("farmer_documents_farmer_kind_unique").on(table.farmerId, table.kind)],
);

/** Audit trail of admin decisions on registrations: who decided, when, and the status before and after. */
export const farmerReviews = pgTable(
  "farmer_reviews",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    farmerId: uuid("farmer_id")
      .notNull()
      .references(() => farmers.id, { onDelete: "cascade" }),
    adminAddress: text("admin_address").notNull(),
    /** approve | reject */
    action: text("action").notNull(),
    statusBefore: text("status_before").notNull(),
    statusAfter: text("status_after").notNull(),
    reason: text("reason"),
    /** What a rejection refused, kept in the audit as the admin sent it. */
    refusedItems: jsonb("refused_items").$type<RefusedItems>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("farmer_reviews_farmer_idx").on(table.farmerId, table.createdAt)],
);
