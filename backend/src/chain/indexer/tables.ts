import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  chainEvents,
  chainFaucetClaims,
  chainHarvests,
  chainInvestments,
  chainMarketCancels,
  chainMarketFills,
  chainRefunds,
  chainRepayments,
} from "../../db/schema/chain";

/** How a bulk write spells a cell: the PostgreSQL type it is cast to. */
export type ColumnType = "text" | "integer" | "bigint" | "numeric" | "boolean" | "timestamptz" | "jsonb";

/** One column of an index table as bulk writes see it: its key in Drizzle's row type, its SQL name and type. */
export interface BulkColumn {
  key: string;
  name: string;
  type: ColumnType;
}

/** The bulk type of a Drizzle column's SQL type; a type the writers cannot spell fails at startup, not mid-write. */
function columnTypeOf(table: string, column: string, sqlType: string): ColumnType {
  if (sqlType.startsWith("numeric")) return "numeric";
  if (sqlType === "timestamp with time zone") return "timestamptz";
  if (["text", "integer", "bigint", "boolean", "jsonb"].includes(sqlType)) return sqlType as ColumnType;
  throw new Error(`${table}.${column}: no bulk write for SQL type ${sqlType}`);
}

const cache = new WeakMap<PgTable, { name: string; columns: BulkColumn[] }>();

/**
 * A table's name and columns for bulk writes, read from its Drizzle schema (`db/schema/chain.ts`), so a column added
 * there is written here with nothing else to change.
 */
export function bulkTable(table: PgTable): { name: string; columns: BulkColumn[] } {
  let found = cache.get(table);
  if (!found) {
    const name = getTableName(table);
    found = {
      name,
      columns: Object.entries(getTableColumns(table)).map(([key, column]) => ({
        key,
        name: column.name,
        type: columnTypeOf(name, column.name, column.getSQLType()),
      })),
    };
    cache.set(table, found);
  }
  return found;
}

/**
 * Tables whose rows each come from one event and go when their block is dropped by a reorg. The views
 * `chain_share_transfers` and `chain_vault_flows` are derived from `chain_events`, so they follow it.
 */
export const eventKeyedTables = [
  chainEvents,
  chainInvestments,
  chainHarvests,
  chainRefunds,
  chainRepayments,
  chainFaucetClaims,
  chainMarketFills,
  chainMarketCancels,
] as const;
