import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FieldKeyring } from "../documents/field-encryption";
import { nikHash } from "../services/investors/nik-lookup";
import { farmers, investorVerifications, invoices, notificationAddresses, notifications } from "./schema";

/** A table holding field-encrypted values (`encryptField`), as `npm run reencrypt -w backend` moves them. */
export interface EncryptedTable {
  table: PgTable;
  /** A unique column the re-encryption pages by, in its order. */
  key: AnyPgColumn;
  /** Every column of the table whose values are `encryptField` ciphertexts (nullable ones too). */
  columns: readonly AnyPgColumn[];
  /**
   * Values keyed by a plaintext under the current key (an HMAC for lookups), rewritten with the row: given the row's
   * plaintexts by column name, the new values by the table's property names.
   */
  derived?: (
    keys: FieldKeyring,
    plaintexts: Readonly<Record<string, string | null>>,
  ) => Record<string, string>;
}

/**
 * Every encrypted column of the database, in one list: the re-encryption command moves exactly these, and a test
 * compares them with every column named `*encrypted*` in the migrated database, so a new one cannot be forgotten.
 */
export const encryptedTables: readonly EncryptedTable[] = [
  {
    table: farmers,
    key: farmers.id,
    columns: [farmers.nikEncrypted, farmers.npwpEncrypted, farmers.bankAccountEncrypted],
  },
  {
    table: investorVerifications,
    key: investorVerifications.id,
    columns: [
      investorVerifications.fullNameEncrypted,
      investorVerifications.nikEncrypted,
      investorVerifications.dateOfBirthEncrypted,
    ],
    // The NIK's lookup hash is keyed too: once the old key is retired, only the current key's hash finds the NIK.
    derived: (keys, plaintexts) => ({ nikHash: nikHash(keys, plaintexts.nik_encrypted ?? "") }),
  },
  { table: invoices, key: invoices.id, columns: [invoices.buyerContactEncrypted] },
  {
    table: notificationAddresses,
    key: notificationAddresses.owner,
    columns: [notificationAddresses.emailEncrypted],
  },
  { table: notifications, key: notifications.id, columns: [notifications.secretEncrypted] },
];
