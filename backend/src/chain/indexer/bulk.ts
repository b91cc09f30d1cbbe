import { once } from "node:events";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type Executor, queryRows } from "../../adapters/db/database";
import { type BulkColumn, bulkTable, type ColumnType } from "./tables";

/** A row to write, as Drizzle types it for the table (its TS keys; `bulkTable` maps them to SQL names). */
export type RowOf<T extends PgTable> = T["$inferInsert"];
type CellValue = string | number | boolean | bigint | Date | null | object;

/** Rows per statement: large enough for few round trips, small enough to keep one JSON parameter modest. */
const CHUNK = 5000;

function toJsonCell(value: CellValue): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * One INSERT per chunk of rows: the rows travel as ONE json parameter expanded by json_to_recordset (json, not jsonb:
 * the text is parsed once, while it is expanded), which avoids the 65,535-parameter limit of multi-row VALUES and
 * behaves the same on PostgreSQL and PGlite. `tail` is the ON CONFLICT / RETURNING clause. Table and column names are
 * code constants, never input.
 */
export function recordsetInserts<T extends PgTable>(
  table: T,
  rows: readonly RowOf<T>[],
  tail: SQL = sql``,
): SQL[] {
  const { name: tableName, columns } = bulkTable(table);
  const nameList = sql.raw(columns.map((column) => `"${column.name}"`).join(", "));
  const recordType = sql.raw(columns.map((column) => `"${column.name}" ${column.type}`).join(", "));
  const inserts: SQL[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => {
      const cells: Record<string, unknown> = {};
      const values = row as Record<string, CellValue | undefined>;
      for (const column of columns) cells[column.name] = toJsonCell(values[column.key] ?? null);
      return cells;
    });
    inserts.push(
      sql`insert into ${sql.raw(`"${tableName}"`)} (${nameList}) select ${nameList} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${recordType}) ${tail}`,
    );
  }
  return inserts;
}

/** Inserts many rows in one statement per chunk (see recordsetInserts) and returns what RETURNING in `tail` gives. */
export async function insertRows<T extends PgTable, R = never>(
  db: Executor,
  table: T,
  rows: readonly RowOf<T>[],
  tail: SQL = sql``,
): Promise<R[]> {
  const returned: R[] = [];
  for (const query of recordsetInserts(table, rows, tail)) {
    returned.push(...(await queryRows<R>(db, query)));
  }
  return returned;
}

/** The node-postgres client under a Drizzle transaction, or null on PGlite (which has no COPY FROM STDIN stream). */
export function pgClientOf(db: Executor): pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

const copyEscapes = /[\\\n\r\t]/;

/** Text escaped for COPY's text format (backslash, newline, carriage return, tab). */
function copyText(text: string): string {
  if (!copyEscapes.test(text)) return text;
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t",
  );
}

/** One cell in COPY's text format. */
function copyCell(value: CellValue | undefined, type: ColumnType): string {
  if (value === null || value === undefined) return "\\N";
  switch (type) {
    case "text":
      return copyText(String(value));
    case "boolean":
      return value ? "t" : "f";
    case "timestamptz":
      return value instanceof Date ? value.toISOString() : copyText(String(value));
    case "jsonb": {
      // JSON.stringify escapes every control character, so only its backslashes need escaping for COPY; the longest
      // cell of a row is spared the general check.
      const json = JSON.stringify(value);
      return json.includes("\\") ? json.replace(/\\/g, "\\\\") : json;
    }
    default:
      return String(value);
  }
}

/**
 * Characters per write to the COPY stream, about: the server parses one chunk while the next is built, and each chunk
 * stays below V8's large-object size (128 KiB). A larger string would be allocated in the old generation and wait for
 * a full collection there; a backfill writes hundreds of megabytes of them, which then swell the heap between
 * collections.
 */
const COPY_CHUNK_CHARS = 64 * 1024;

/**
 * Streams `lines` (rows in COPY's text format: tab-separated, no newline) into `target` ("table (columns)", a code
 * constant) with COPY FROM STDIN, in chunks of about COPY_CHUNK_CHARS, waiting whenever the server falls behind.
 * Without ON CONFLICT: a duplicate key fails the statement (and the caller's transaction).
 */
export async function copyTextLines(
  client: pg.ClientBase,
  target: string,
  lines: Iterable<string>,
): Promise<void> {
  const stream = client.query(copyFrom(`copy ${target} from stdin`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  let chunk: string[] = [];
  let chars = 0;
  for (const text of lines) {
    chunk.push(text);
    chars += text.length + 1;
    if (chars >= COPY_CHUNK_CHARS) {
      chunk.push("");
      if (!stream.write(chunk.join("\n"))) await Promise.race([once(stream, "drain"), done]);
      chunk = [];
      chars = 0;
    }
  }
  if (chunk.length > 0) {
    chunk.push("");
    stream.write(chunk.join("\n"));
  }
  stream.end();
  await done;
}

/**
 * Appends rows with COPY FROM STDIN (node-postgres only): several times cheaper for the server than parsing one json
 * parameter, but without ON CONFLICT, so only for rows the caller knows are new. `line` gives one row in COPY's text
 * format.
 */
async function copyLines<T>(
  client: pg.ClientBase,
  table: PgTable,
  items: readonly T[],
  line: (item: T) => string,
): Promise<void> {
  if (items.length === 0) return;
  const { name, columns } = bulkTable(table);
  const target = `"${name}" (${columns.map((column) => `"${column.name}"`).join(", ")})`;
  await copyTextLines(
    client,
    target,
    (function* () {
      for (const item of items) yield line(item);
    })(),
  );
}

/**
 * Appends rows with COPY (see copyLines), cell by cell from the column types. Given `toRow`, the items are turned into
 * rows only as they are written, one chunk at a time: a backfill's rows then die young instead of all of them living
 * through the statement (less for the garbage collector to copy and mark).
 */
export async function copyRows<T extends PgTable, I = RowOf<T>>(
  client: pg.ClientBase,
  table: T,
  items: readonly I[],
  toRow: (item: I) => RowOf<T> = (item) => item as RowOf<T>,
): Promise<void> {
  const { columns } = bulkTable(table);
  await copyLines(client, table, items, (item) => {
    const values = toRow(item) as Record<string, CellValue | undefined>;
    let line = "";
    for (let n = 0; n < columns.length; n++) {
      const column = columns[n] as BulkColumn;
      line +=
        n === 0
          ? copyCell(values[column.key], column.type)
          : `\t${copyCell(values[column.key], column.type)}`;
    }
    return line;
  });
}

/**
 * Appends rows the caller knows are new: COPY on node-postgres, one recordset insert per chunk on PGlite; no ON
 * CONFLICT on either, so a row that exists after all fails the caller's transaction rather than being skipped.
 */
export async function appendRows<T extends PgTable, I = RowOf<T>>(
  db: Executor,
  table: T,
  items: readonly I[],
  toRow: (item: I) => RowOf<T> = (item) => item as RowOf<T>,
): Promise<void> {
  const client = pgClientOf(db);
  if (client) await copyRows(client, table, items, toRow);
  else await insertRows(db, table, items.map(toRow));
}
