import { once } from "node:events";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type Executor, queryRows } from "../adapters/db/database";

export type ColumnType = "text" | "integer" | "bigint" | "numeric" | "boolean" | "timestamptz" | "jsonb";
export type CellValue = string | number | boolean | bigint | Date | null | Record<string, unknown>;
export type Row = Record<string, CellValue>;

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
export function recordsetInserts(
  table: string,
  columns: Record<string, ColumnType>,
  rows: readonly Row[],
  tail: SQL = sql``,
): SQL[] {
  const names = Object.keys(columns);
  const nameList = sql.raw(names.map((name) => `"${name}"`).join(", "));
  const recordType = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(", "));
  const inserts: SQL[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => {
      const cells: Record<string, unknown> = {};
      for (const name of names) cells[name] = toJsonCell(row[name] ?? null);
      return cells;
    });
    inserts.push(
      sql`insert into ${sql.raw(`"${table}"`)} (${nameList}) select ${nameList} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${recordType}) ${tail}`,
    );
  }
  return inserts;
}

/** Inserts many rows in one statement per chunk (see recordsetInserts) and returns what RETURNING in `tail` gives. */
export async function insertRows<R = never>(
  db: Executor,
  table: string,
  columns: Record<string, ColumnType>,
  rows: readonly Row[],
  tail: SQL = sql``,
): Promise<R[]> {
  const returned: R[] = [];
  for (const query of recordsetInserts(table, columns, rows, tail)) {
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
export function copyCell(value: CellValue | undefined, type: ColumnType): string {
  if (value === null || value === undefined) return "\\N";
  switch (type) {
    case "text":
      return copyText(String(value));
    case "boolean":
      return value ? "t" : "f";
    case "timestamptz":
      return value instanceof Date ? value.toISOString() : copyText(String(value));
    case "jsonb":
      return copyText(JSON.stringify(value));
    default:
      return String(value);
  }
}

/** Rows per write to the COPY stream: bounded strings, and the server parses one chunk while the next is built. */
const COPY_CHUNK = 1000;

/**
 * Appends rows with COPY FROM STDIN (node-postgres only): several times cheaper for the server than parsing one json
 * parameter, but without ON CONFLICT, so a duplicate key fails the statement (and the caller's transaction). Only
 * for rows the caller knows are new. `line` gives one row in COPY's text format (tab-separated, no newline).
 */
async function copyLines<T>(
  client: pg.ClientBase,
  table: string,
  columns: Record<string, ColumnType>,
  items: readonly T[],
  line: (item: T) => string,
): Promise<void> {
  if (items.length === 0) return;
  const stream = client.query(
    copyFrom(
      `copy "${table}" (${Object.keys(columns)
        .map((name) => `"${name}"`)
        .join(", ")}) from stdin`,
    ),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  for (let start = 0; start < items.length; start += COPY_CHUNK) {
    const lines: string[] = [];
    const end = Math.min(items.length, start + COPY_CHUNK);
    for (let n = start; n < end; n++) lines.push(line(items[n] as T));
    lines.push("");
    if (!stream.write(lines.join("\n"))) await Promise.race([once(stream, "drain"), done]);
  }
  stream.end();
  await done;
}

/** Appends rows with COPY (see copyLines), cell by cell from the column types. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: Record<string, ColumnType>,
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns);
  const types = names.map((name) => columns[name] as ColumnType);
  await copyLines(client, table, columns, rows, (row) =>
    names.map((name, n) => copyCell(row[name], types[n] as ColumnType)).join("\t"),
  );
}
