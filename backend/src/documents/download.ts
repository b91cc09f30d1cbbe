import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { ObjectStorage } from "../adapters/storage";
import { notFound } from "../errors";

const extensions: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
};

/** What a download route documents: the media types it may send and a body that is the file's bytes. */
export const documentDownload = {
  produces: Object.keys(extensions),
  // Streams bypass serialization; the schema only documents that the body is the file's bytes.
  body: z.unknown().meta({ description: "the document's bytes" }),
};

/** A stored document's row, as KYC documents and invoice evidence keep it. */
export interface DocumentRow {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** Sends a stored document as an attachment that no cache keeps and no browser sniffs into another type. */
export function sendDocument(
  reply: FastifyReply,
  document: Omit<DocumentRow, "storageKey">,
  body: Readable,
  name: string,
) {
  return reply
    .header("Content-Type", document.contentType)
    .header("Content-Length", String(document.sizeBytes))
    .header(
      "Content-Disposition",
      `attachment; filename="${name}.${extensions[document.contentType] ?? "bin"}"`,
    )
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header("ETag", `"${document.sha256}"`)
    .send(body);
}

/** Streams a document from storage as `name`; 404 with `missing` when its row or its object is gone. */
export async function sendStoredDocument(
  reply: FastifyReply,
  storage: ObjectStorage,
  document: DocumentRow | null | undefined,
  name: string,
  missing: string,
) {
  const stored = document && (await storage.get(document.storageKey));
  if (!document || !stored) throw notFound(missing);
  return sendDocument(reply, document, stored.body, name);
}
