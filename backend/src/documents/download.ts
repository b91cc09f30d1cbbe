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

/**
 * What a document may do if a browser ever renders it (a PNG with an HTML tail, a PDF with JavaScript): nothing. No
 * script, style, frame, form or connection; sandboxed as a unique origin; never framed by another site.
 */
export const documentContentSecurityPolicy =
  "default-src 'none'; sandbox; frame-ancestors 'none'; form-action 'none'";

/**
 * Sends a stored document as an attachment that no cache keeps, no browser sniffs into another type, and that runs
 * nothing even when opened.
 */
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
    .header("Content-Security-Policy", documentContentSecurityPolicy)
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
