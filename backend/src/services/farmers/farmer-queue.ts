import type { FarmerStatus } from "@farm/core";
import { and, asc, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import { withCompiledRows } from "../../adapters/db/compiled-rows";
import type { Executor } from "../../adapters/db/database";
import { farmers } from "../../db/schema";
import { badRequest } from "../../errors";
import type { FarmerDocumentFacts, FarmerRow } from "./farmer-view";

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

/** A document's facts as the queue's statement gives them: kind, content type, size, SHA-256 and upload time. */
type DocumentTuple = [string, string, number, string, string];

/**
 * Each farmer's documents (the facts the answer shows, no storage key) in the page's own statement: one probe of
 * farmer_documents_farmer_kind_unique per row, so a page is one round trip, not a second statement for its documents.
 * The column is written out qualified: drizzle renders `${farmers.id}` in a one-table select as a bare "id", which
 * the subquery would read as the document's own id.
 */
const documentsOf = sql<DocumentTuple[]>`(select coalesce(json_agg(json_build_array(d.kind, d.content_type,
    d.size_bytes, d.sha256, d.uploaded_at) order by d.kind), '[]'::json)
  from farmer_documents d where d.farmer_id = farmers.id)`;

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
    .select({ ...getTableColumns(farmers), documents: documentsOf })
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
    all: withCompiledRows(
      pageSelect(db, { status: null, after: null, id: null, limit }).prepare("farmer_queue"),
    ),
    byStatus: withCompiledRows(
      pageSelect(db, { status, after: null, id: null, limit }).prepare("farmer_queue_status"),
    ),
    after: withCompiledRows(
      pageSelect(db, { status: null, after, id, limit }).prepare("farmer_queue_cursor"),
    ),
    byStatusAfter: withCompiledRows(
      pageSelect(db, { status, after, id, limit }).prepare("farmer_queue_status_cursor"),
    ),
  };
}
const prepared = new WeakMap<Executor, ReturnType<typeof queueStatements>>();

/** Registrations oldest first (the review queue) with their documents, keyset-paginated on (submitted_at, id): one
 * prepared statement. */
export async function listFarmers(
  db: Executor,
  query: { status?: FarmerStatus; cursor?: string; limit: number },
): Promise<{ rows: { farmer: FarmerRow; documents: FarmerDocumentFacts[] }[]; nextCursor: string | null }> {
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
  const rows = page.slice(0, query.limit).map(({ documents, ...farmer }) => ({
    farmer,
    documents: documents.map(([kind, contentType, sizeBytes, sha256, uploadedAt]) => ({
      kind,
      contentType,
      sizeBytes,
      sha256,
      uploadedAt: new Date(uploadedAt),
    })),
  }));
  return {
    rows,
    nextCursor: page.length > query.limit ? encodeCursor(rows[rows.length - 1]!.farmer) : null,
  };
}
