import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { ObjectStorage } from "../adapters/storage";
import { malformedMultipart } from "../errors";
import { DocumentInspector, type DocumentRule } from "./inspector";

/** A document streamed to object storage after passing its checks. */
export interface StoredDocument {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/**
 * Streams an uploaded file to storage under a random key below `folder` while its type, size and SHA-256 are checked
 * (KYC documents and invoice evidence alike). The key goes into `storedKeys` before the first byte is written, so the
 * caller deletes it with the others when anything fails, this upload included.
 */
export async function storeCheckedDocument(
  storage: ObjectStorage,
  file: Readable,
  folder: string,
  kind: string,
  rule: DocumentRule,
  storedKeys: string[],
): Promise<StoredDocument> {
  // A part cut short (a truncated body) may have failed before it was handed over: its 'error' is already gone and
  // piping a destroyed stream would wait forever.
  if (file.destroyed || file.errored) throw malformedMultipart();
  const inspector = new DocumentInspector(kind, rule);
  file.on("error", (error) => inspector.destroy(error));
  // The storage may attach its own listeners only after an await; the failure reaches us through put().
  inspector.on("error", () => {});
  file.pipe(inspector);
  const storageKey = `${folder}/${randomUUID()}`;
  storedKeys.push(storageKey);
  // The content type is known only after the first bytes; the object's own metadata is the declared generic one.
  await storage.put(storageKey, inspector, { contentType: "application/octet-stream" });
  return {
    storageKey,
    contentType: inspector.contentType ?? "application/octet-stream",
    sizeBytes: inspector.sizeBytes,
    sha256: inspector.digest(),
  };
}

/** Deletes stored objects of a failed request; a failure to delete is logged, never thrown over the first error. */
export async function deleteStoredDocuments(
  storage: ObjectStorage,
  keys: readonly string[],
  log: { error(object: object, message: string): void },
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((cleanupError: unknown) => {
        log.error({ err: cleanupError, key }, "could not delete the document of a failed upload");
      }),
    ),
  );
}
