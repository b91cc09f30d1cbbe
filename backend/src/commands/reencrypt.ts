import { and, asc, eq, gt } from "drizzle-orm";
import { connectDatabase } from "../adapters/db/connect";
import type { Database } from "../adapters/db/database";
import { farmers } from "../db/schema";
import {
  decryptField,
  encryptField,
  type FieldKeyring,
  fieldKeys,
  needsReencryption,
} from "../documents/field-encryption";
import { reencryptInvestors } from "../services/investors/reencrypt";
import { configOrExit } from "./config-or-exit";

/**
 * Re-encrypts every farmer's NIK, NPWP and bank account number that is not yet under the current key, in batches.
 * A row changed meanwhile (a re-registration) is left as it is: its new values were written with the current key.
 * Returns how many rows it rewrote; safe to run again and while the API serves.
 */
export async function reencryptFarmers(db: Database, keys: FieldKeyring, batch = 200): Promise<number> {
  let rewritten = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select({
        id: farmers.id,
        nik: farmers.nikEncrypted,
        npwp: farmers.npwpEncrypted,
        bankAccount: farmers.bankAccountEncrypted,
      })
      .from(farmers)
      .where(gt(farmers.id, after))
      .orderBy(asc(farmers.id))
      .limit(batch);
    if (rows.length === 0) return rewritten;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      if (![row.nik, row.npwp, row.bankAccount].some((value) => needsReencryption(keys, value))) continue;
      const again = (value: string) =>
        needsReencryption(keys, value) ? encryptField(keys, decryptField(keys, value)) : value;
      const updated = await db
        .update(farmers)
        .set({
          nikEncrypted: again(row.nik),
          npwpEncrypted: again(row.npwp),
          bankAccountEncrypted: again(row.bankAccount),
        })
        .where(
          and(
            eq(farmers.id, row.id),
            eq(farmers.nikEncrypted, row.nik),
            eq(farmers.npwpEncrypted, row.npwp),
            eq(farmers.bankAccountEncrypted, row.bankAccount),
          ),
        )
        .returning({ id: farmers.id });
      rewritten += updated.length;
    }
  }
}

async function main() {
  const config = configOrExit();
  const connection = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const keys = fieldKeys(config);
    const rewritten =
      (await reencryptFarmers(connection.db, keys)) + (await reencryptInvestors(connection.db, keys));
    process.stdout.write(`${JSON.stringify({ rewritten, keyId: keys.current.id })}\n`);
  } finally {
    await connection.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) await main();
