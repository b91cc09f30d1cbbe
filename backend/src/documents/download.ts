import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

const extensions: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
};

/** Sends a stored document as an attachment that no cache keeps and no browser sniffs into another type. */
export function sendDocument(
  reply: FastifyReply,
  document: { contentType: string; sizeBytes: number; sha256: string },
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
