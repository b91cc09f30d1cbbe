import { type SQL, sql } from "drizzle-orm";
import { type DbExecutor, queryRows } from "./db";

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
 * Inserts many rows in one statement per chunk: the rows travel as ONE json parameter expanded by
 * json_to_recordset (json, not jsonb: the text is parsed once, while it is expanded), which avoids the 65,535-parameter limit of multi-row VALUES and behaves the same on PostgreSQL
 * and PGlite. `tail` is the ON CONFLICT / RETURNING clause. Table and column names are code constants, never input.
 */
export async function insertRows<R = never>(
  db: DbExecutor,
  table: string,
  columns: Record<string, ColumnType>,
  rows: readonly Row[],
  tail: SQL = sql``,
): Promise<R[]> {
  const names = Object.keys(columns);
  const nameList = sql.raw(names.map((name) => `"${name}"`).join(", "));
  const recordType = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(", "));
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => {
      const cells: Record<string, unknown> = {};
      for (const name of names) cells[name] = toJsonCell(row[name] ?? null);
      return cells;
    });
    const query = sql`insert into ${sql.raw(`"${table}"`)} (${nameList}) select ${nameList} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${recordType}) ${tail}`;
    returned.push(...(await queryRows<R>(db, query)));
  }
  return returned;
}
