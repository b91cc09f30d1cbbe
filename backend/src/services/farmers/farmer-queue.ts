import type { FarmerStatus } from "@farm/core";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
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

/** Registrations oldest first (the review queue), keyset-paginated on (submitted_at, id). */
export async function listFarmers(
  db: Executor,
  query: { status?: FarmerStatus; cursor?: string; limit: number },
): Promise<{ rows: { farmer: FarmerRow; documents: FarmerDocumentRow[] }[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(farmers.status, query.status));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    // One row comparison, not an OR of two: the (status, submitted_at, id) index then starts the page at the cursor.
    conditions.push(
      sql`(${farmers.submittedAt}, ${farmers.id}) > (${cursor.submittedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const page = await db
    .select()
    .from(farmers)
    .where(and(...conditions))
    .orderBy(asc(farmers.submittedAt), asc(farmers.id))
    .limit(query.limit + 1);
  const rows = page.slice(0, query.limit);
  const documents =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(farmerDocuments)
          .where(
            inArray(
              farmerDocuments.farmerId,
              rows.map((row) => row.id),
            ),
          );
  return {
    rows: rows.map((farmer) => ({ farmer, documents: documents.filter((d) => d.farmerId === farmer.id) })),
    nextCursor: page.length > query.limit ? encodeCursor(rows[rows.length - 1]!) : null,
  };
}
