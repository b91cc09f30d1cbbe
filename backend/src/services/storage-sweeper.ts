import { inArray } from "drizzle-orm";
import type { Database } from "../adapters/db/database";
import type { ObjectStorage } from "../adapters/storage";
import { farmerDocuments, investorVerifications } from "../db/schema";
import { invoiceDocuments } from "../db/schema/invoices";

/**
 * Where uploads are stored, each with the column of the rows that refer to them: registration and invoice submission
 * store their files before their transaction commits.
 */
const sweptPrefixes = [
  { prefix: "farmer-documents/", table: farmerDocuments, column: farmerDocuments.storageKey },
  { prefix: "invoice-documents/", table: invoiceDocuments, column: invoiceDocuments.storageKey },
  {
    prefix: "investor-documents/",
    table: investorVerifications,
    column: investorVerifications.ktpStorageKey,
  },
] as const;

export interface SweepResult {
  orphanedObjects: number;
  staleUploads: number;
}

/**
 * Deletes stored KYC and invoice documents no committed row refers to, once older than `graceMs` (a registration stores
 * its files before its transaction commits; a crash in between, or after a re-registration committed but before the
 * replaced files were deleted, leaves them behind), and what interrupted uploads left (temporary files, unfinished
 * multipart uploads). The grace period must exceed the longest registration (SERVER_REQUEST_TIMEOUT_MS).
 */
export async function sweepOrphanedObjects(
  db: Database,
  storage: ObjectStorage,
  options: { graceMs: number; now?: Date },
): Promise<SweepResult> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  let orphanedObjects = 0;
  for (const { prefix, table, column } of sweptPrefixes) {
    const old: string[] = [];
    for await (const object of storage.list(prefix)) if (object.lastModified < cutoff) old.push(object.key);
    for (let start = 0; start < old.length; start += 500) {
      const batch = old.slice(start, start + 500);
      const referenced = await db.select({ key: column }).from(table).where(inArray(column, batch));
      const kept = new Set(referenced.map((row) => row.key));
      for (const key of batch) {
        if (kept.has(key)) continue;
        await storage.delete(key);
        orphanedObjects += 1;
      }
    }
  }
  const staleUploads = await storage.removeStaleUploads(cutoff);
  return { orphanedObjects, staleUploads };
}
