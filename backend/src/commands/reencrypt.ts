import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  getTableName,
  gt,
  isNotNull,
  isNull,
  notLike,
  or,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { connectDatabase } from "../adapters/db/connect";
import type { Database } from "../adapters/db/database";
import { type EncryptedTable, encryptedTables } from "../db/encrypted-columns";
import {
  decryptField,
  encryptField,
  type FieldKeyring,
  fieldKeys,
  needsReencryption,
} from "../documents/field-encryption";
import { rekeyBuyerOptOuts } from "../notifications/buyer-opt-out-rotation";
import { notificationPreferences } from "../notifications/schema";
import { configOrExit } from "./config-or-exit";

/** What one table's pass did: rows moved to the current key, values no configured key opens, rows still not moved. */
export interface TableReencryption {
  table: string;
  rewritten: number;
  unreadable: number;
  remaining: number;
}

/** SQL true when a row holds a value of `columns` not yet under the current key (a v1 value, or another key's id). */
function staleIn(keys: FieldKeyring, columns: readonly AnyPgColumn[]): SQL {
  const current = `v2.${keys.current.id}.%`;
  return or(...columns.map((column) => and(isNotNull(column), notLike(column, current))))!;
}

/** The table's property name (what `update().set()` takes) of each of its columns. */
function propertyNames(entry: EncryptedTable): Map<AnyPgColumn, string> {
  return new Map(
    Object.entries(getTableColumns(entry.table)).map(([name, column]) => [column as AnyPgColumn, name]),
  );
}

/** The row's plaintexts by column name, or null when a value opens with no configured key. */
function plaintextsOf(keys: FieldKeyring, columns: readonly AnyPgColumn[], stored: (string | null)[]) {
  try {
    return Object.fromEntries(
      columns.map((column, i) => [column.name, stored[i] == null ? null : decryptField(keys, stored[i])]),
    );
  } catch {
    return null;
  }
}

/**
 * Moves one table's encrypted values to the current key, `batch` rows at a time, paging by the table's key through
 * only the rows that need it. Each row is rewritten only if its encrypted values are still the ones read (a row
 * changed meanwhile was written by the API, with the key that instance encrypts with: `remaining` counts it if that
 * was an old one). Safe to run again, and while instances serve: they read values under any configured key.
 */
export async function reencryptTable(
  db: Database,
  keys: FieldKeyring,
  entry: EncryptedTable,
  batch = 200,
): Promise<TableReencryption> {
  const { table, key, columns } = entry;
  const properties = propertyNames(entry);
  const stale = staleIn(keys, columns);
  const fields = Object.fromEntries([["key", key], ...columns.map((column, i) => [`c${i}`, column])]);
  const counts = { table: getTableName(table), rewritten: 0, unreadable: 0, remaining: 0 };
  let after: unknown;
  for (;;) {
    const rows = (await db
      .select(fields)
      .from(table)
      .where(after === undefined ? stale : and(gt(key, after), stale))
      .orderBy(asc(key))
      .limit(batch)) as Record<string, unknown>[];
    if (rows.length === 0) break;
    after = rows.at(-1)!.key;
    for (const row of rows) {
      const stored = columns.map((_, i) => row[`c${i}`] as string | null);
      const plaintexts = plaintextsOf(keys, columns, stored);
      if (plaintexts === null) {
        counts.unreadable += 1;
        continue;
      }
      const values: Record<string, string> = { ...entry.derived?.(keys, plaintexts) };
      columns.forEach((column, i) => {
        const plaintext = plaintexts[column.name];
        if (stored[i] != null && plaintext != null && needsReencryption(keys, stored[i]))
          values[properties.get(column)!] = encryptField(keys, plaintext);
      });
      const unchanged = columns.map((column, i) =>
        stored[i] == null ? isNull(column) : eq(column, stored[i]),
      );
      const updated = await db
        .update(table)
        .set(values)
        .where(and(eq(key, row.key), ...unchanged))
        .returning({ key });
      counts.rewritten += updated.length;
    }
  }
  const [left] = await db.select({ rows: count() }).from(table).where(stale);
  counts.remaining = left?.rows ?? 0;
  return counts;
}

/**
 * Every encrypted column of the database (`encryptedTables`) moved to the current key, table by table, then the
 * buyers' opt-outs keyed by a retired key's digest recorded under the current key's (`rewritten` counts them).
 */
export async function reencryptAll(
  db: Database,
  keys: FieldKeyring,
  onTable: (done: TableReencryption) => void = () => {},
): Promise<TableReencryption[]> {
  const done: TableReencryption[] = [];
  const report = (counts: TableReencryption) => {
    onTable(counts);
    done.push(counts);
  };
  for (const entry of encryptedTables) report(await reencryptTable(db, keys, entry));
  const optOuts = await rekeyBuyerOptOuts(db, keys);
  report({ table: getTableName(notificationPreferences), rewritten: optOuts, unreadable: 0, remaining: 0 });
  return done;
}

async function main() {
  const config = configOrExit();
  const connection = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const keys = fieldKeys(config);
    const write = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
    const tables = await reencryptAll(connection.db, keys, write);
    const sum = (field: "rewritten" | "unreadable" | "remaining") =>
      tables.reduce((total, counts) => total + counts[field], 0);
    write({
      keyId: keys.current.id,
      rewritten: sum("rewritten"),
      unreadable: sum("unreadable"),
      remaining: sum("remaining"),
    });
    if (sum("remaining") > 0) {
      process.stderr.write(
        "Some values are not under the current key yet: keep ENCRYPTION_OLD_KEYS, make sure every instance runs the " +
          "new ENCRYPTION_KEY, and run this again (an unreadable value opens with no configured key: see " +
          "docs/operations.md, key rotation).\n",
      );
      process.exitCode = 1;
    }
  } finally {
    await connection.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) await main();
