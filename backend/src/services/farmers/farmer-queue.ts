import type { FarmerStatus } from "@farm/core";
import { and, asc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { farmerDocuments, farmers } from "../../db/schema";
import { badRequest } from "../../errors";
import type { FarmerDocumentRow, FarmerRow } from "./farmer-view";

interface Cursor {
  submittedAt: Date;
  id: string;
}

const encodeCursor = (row: FarmerRow) =>
  Buffer.from(JSON.stringify([row.submittedAt.toISOString(), row.id])).toString("base64url");

function decodeCursor(text: string): Cursor {
  try {
    const [submittedAt, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as [string, string];
    const date = new Date(submittedAt);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error("bad cursor");
    return { submittedAt: date, id };
  } catch {
    throw badRequest("The cursor is not one this API gave out");
  }
}

// submitted_at is always written from a JS Date (millisecond precision), so the cursor's timestamp is exact.

type Bound<T> = T | Placeholder;

/** The queue's page: status and cursor optional, each shape one prepared statement (values bound per request). */
function pageSelect(
  db: Executor,
  values: {
    status: Bound<string> | null;
    after: Bound<string> | null;
    id: Bound<string> | null;
    limit: Bound<number>;
  },
) {
  const conditions: SQL[] = [];
  if (values.status !== null) conditions.push(eq(farmers.status, values.status));
  if (values.after !== null && values.id !== null) {
    // One row comparison, not an OR of two: the (status, submitted_at, id) index then starts the page at the cursor.
    conditions.push(
      sql`(${farmers.submittedAt}, ${farmers.id}) > (${values.after}::timestamptz, ${values.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(farmers)
    .where(and(...conditions))
    .orderBy(asc(farmers.submittedAt), asc(farmers.id))
    .limit(values.limit);
}

function queueStatements(db: Executor) {
  const limit = sql.placeholder("limit");
  const status = sql.placeholder("status");
  const after = sql.placeholder("after");
  const id = sql.placeholder("id");
  return {
    all: pageSelect(db, { status: null, after: null, id: null, limit }).prepare("farmer_queue"),
    byStatus: pageSelect(db, { status, after: null, id: null, limit }).prepare("farmer_queue_status"),
    after: pageSelect(db, { status: null, after, id, limit }).prepare("farmer_queue_cursor"),
    byStatusAfter: pageSelect(db, { status, after, id, limit }).prepare("farmer_queue_status_cursor"),
    documents: db
      .select()
      .from(farmerDocuments)
      .where(sql`${farmerDocuments.farmerId} = any(${sql.placeholder("farmerIds")}::uuid[])`)
      .prepare("farmer_queue_documents"),
  };
}
const prepared = new WeakMap<Executor, ReturnType<typeof queueStatements>>();

/** Registrations oldest first (the review queue), keyset-paginated on (submitted_at, id): two prepared statements. */
export async function listFarmers(
  db: Executor,
  query: { status?: FarmerStatus; cursor?: string; limit: number },
): Promise<{ rows: { farmer: FarmerRow; documents: FarmerDocumentRow[] }[]; nextCursor: string | null }> {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = queueStatements(db);
    prepared.set(db, statements);
  }
  const limit = query.limit + 1;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const after = cursor ? { after: cursor.submittedAt.toISOString(), id: cursor.id } : undefined;
  const page = query.status
    ? after
      ? await statements.byStatusAfter.execute({ status: query.status, ...after, limit })
      : await statements.byStatus.execute({ status: query.status, limit })
    : after
      ? await statements.after.execute({ ...after, limit })
      : await statements.all.execute({ limit });
  const rows = page.slice(0, query.limit);
  const documents =
    rows.length === 0 ? [] : await statements.documents.execute({ farmerIds: rows.map((row) => row.id) });
  const byFarmer = new Map<string, FarmerDocumentRow[]>();
  for (const document of documents) {
    const list = byFarmer.get(document.farmerId);
    if (list) list.push(document);
    else byFarmer.set(document.farmerId, [document]);
  }
  return {
    rows: rows.map((farmer) => ({ farmer, documents: byFarmer.get(farmer.id) ?? [] })),
    nextCursor: page.length > query.limit ? encodeCursor(rows[rows.length - 1]!) : null,
  };
}
