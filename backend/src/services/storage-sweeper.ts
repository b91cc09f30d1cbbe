import { inArray } from "drizzle-orm";
import type { Database } from "../adapters/db/database";
import type { ObjectStorage } from "../adapters/storage";
import { farmerDocuments } from "../db/schema";

/** Key prefix of KYC documents; registration stores them before its transaction commits. */
export const farmerDocumentPrefix = "farmer-documents/";

export interface SweepResult {
  orphanedObjects: number;
  staleUploads: number;
}

/**
 * Deletes stored KYC documents no committed registration refers to, once older than `graceMs` (a registration stores
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
  const old: string[] = [];
  for await (const object of storage.list(farmerDocumentPrefix))
    if (object.lastModified < cutoff) old.push(object.key);
  let orphanedObjects = 0;
  for (let start = 0; start < old.length; start += 500) {
    const batch = old.slice(start, start + 500);
    const referenced = await db
      .select({ key: farmerDocuments.storageKey })
      .from(farmerDocuments)
      .where(inArray(farmerDocuments.storageKey, batch));
    const kept = new Set(referenced.map((row) => row.key));
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      orphanedObjects += 1;
    }
  }
  const staleUploads = await storage.removeStaleUploads(cutoff);
  return { orphanedObjects, staleUploads };
}
