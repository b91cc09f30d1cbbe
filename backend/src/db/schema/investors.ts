import { sql } from "drizzle-orm";
import {
  bigint,
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

/** A GOLD amount in base units: numeric(78,0), bigint in code. */
const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0, mode: "bigint" });

/**
 * A credential write the operator has sent and not yet seen mined (approve, freeze, rebind): what it asked for, so a
 * crash between the transaction and its recording is completed or released from the chain's state (decision 0051).
 */
export interface InvestorChainAction {
  action: "approve" | "freeze" | "rebind";
  adminAddress: string;
  reason: string | null;
  /** The wallet written: the verification's own, or the new one of a rebind. */
  wallet: string;
  tier: number;
  validUntil: number;
  limit: string;
  frozen: boolean;
  txHash: string | null;
  startedAt: string;
}

/**
 * A wallet's investor verification (KYC): full name, NIK and date of birth are AES-256-GCM ciphertexts; `nikHash` is
 * a keyed HMAC of the NIK so one NIK holds one pending or approved verification. The KTP is stored like the farmers'
 * documents. A wallet may have many rows over time (rejected, superseded); at most one pending.
 */
export const investorVerifications = pgTable(
  "investor_verifications",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    walletAddress: text("wallet_address").notNull(),
    /** pending | approved | rejected | superseded */
    status: text("status").notNull(),
    fullNameEncrypted: text("full_name_encrypted").notNull(),
    nikEncrypted: text("nik_encrypted").notNull(),
    nikHash: text("nik_hash").notNull(),
    dateOfBirthEncrypted: text("date_of_birth_encrypted").notNull(),
    /** Declared annual income in whole Rupiah. */
    annualIncomeRupiah: numeric("annual_income_rupiah", {
      precision: 30,
      scale: 0,
      mode: "bigint",
    }).notNull(),
    /** retail | professional */
    tier: text("tier").notNull(),
    professionalReason: text("professional_reason"),
    ktpStorageKey: text("ktp_storage_key").notNull(),
    ktpContentType: text("ktp_content_type").notNull(),
    ktpSizeBytes: integer("ktp_size_bytes").notNull(),
    ktpSha256: text("ktp_sha256").notNull(),
    ktpUploadedAt: timestamp("ktp_uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The admin's reason for a rejection, or the latest freeze's. */
    reason: text("reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    /** What approval wrote on chain: the transaction, validity (unix seconds) and limit in GOLD base units. */
    credentialTxHash: text("credential_tx_hash"),
    validUntil: bigint("valid_until", { mode: "number" }),
    limitBaseUnits: baseUnits("limit_base_units"),
    /** An operator transaction sent for this verification and not yet recorded (crash recovery). */
    chainAction: jsonb("chain_action").$type<InvestorChainAction>(),
  },
  (table) => [
    // One NIK, one verified (or waiting) wallet; rejected and superseded rows may repeat it.
    uniqueIndex("investor_verifications_nik_active_unique")
      .on(table.nikHash)
      .where(sql`${table.status} in ('pending', 'approved')`),
    uniqueIndex("investor_verifications_wallet_pending_unique")
      .on(table.walletAddress)
      .where(sql`${table.status} = 'pending'`),
    index("investor_verifications_wallet_idx").on(table.walletAddress, table.submittedAt),
    index("investor_verifications_status_idx").on(table.status, table.submittedAt, table.id),
  ],
);

/** Audit trail of admin decisions on investor verifications, each recorded once its transaction (if any) was mined. */
export const investorReviews = pgTable(
  "investor_reviews",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => investorVerifications.id, { onDelete: "cascade" }),
    walletAddress: text("wallet_address").notNull(),
    adminAddress: text("admin_address").notNull(),
    /** approve | reject | freeze | unfreeze | rebind */
    action: text("action").notNull(),
    reason: text("reason"),
    txHash: text("tx_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("investor_reviews_created_idx").on(table.createdAt),
    index("investor_reviews_wallet_idx").on(table.walletAddress, table.createdAt),
  ],
);

/** A wallet's acceptance of a version of the risk statement, kept for every version accepted. */
export const riskAcceptances = pgTable(
  "risk_acceptances",
  {
    walletAddress: text("wallet_address").notNull(),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("risk_acceptances_wallet_version_unique").on(table.walletAddress, table.version)],
);
