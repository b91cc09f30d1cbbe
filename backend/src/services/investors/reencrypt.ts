import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../adapters/db/database";
import { investorVerifications } from "../../db/schema";
import {
  decryptField,
  encryptField,
  type FieldKeyring,
  needsReencryption,
} from "../../documents/field-encryption";
import { nikHash } from "./nik-lookup";

/**
 * Moves every investor verification's name, NIK and birth date to the current key, and its NIK lookup hash with them
 * (the hash is keyed too: once the old key is retired, only the current key's hash finds the NIK). A row changed
 * meanwhile is left as it is. Returns how many rows it rewrote; safe to run again and while the API serves.
 */
export async function reencryptInvestors(db: Database, keys: FieldKeyring, batch = 200): Promise<number> {
  let rewritten = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  const v = investorVerifications;
  for (;;) {
    const rows = await db
      .select({ id: v.id, name: v.fullNameEncrypted, nik: v.nikEncrypted, born: v.dateOfBirthEncrypted })
      .from(v)
      .where(gt(v.id, after))
      .orderBy(asc(v.id))
      .limit(batch);
    if (rows.length === 0) return rewritten;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      if (![row.name, row.nik, row.born].some((value) => needsReencryption(keys, value))) continue;
      const nik = decryptField(keys, row.nik);
      const updated = await db
        .update(v)
        .set({
          fullNameEncrypted: encryptField(keys, decryptField(keys, row.name)),
          nikEncrypted: encryptField(keys, nik),
          nikHash: nikHash(keys, nik),
          dateOfBirthEncrypted: encryptField(keys, decryptField(keys, row.born)),
        })
        .where(and(eq(v.id, row.id), eq(v.nikEncrypted, row.nik)))
        .returning({ id: v.id });
      rewritten += updated.length;
    }
  }
}
