import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * A request refused before its body was read (a 413 upload, a 401 before a multipart body) leaves the rest of that
 * body on the connection. Node drains it only when nothing was reading the body; a multipart parser that stopped at
 * the refusal leaves the connection stuck, so the next request on it got no answer (RFC 9112 section 9.3). After
 * such a reply the rest of the body is read and thrown away up to UPLOAD_DRAIN_LIMIT_BYTES, keeping the connection
 * usable; a client that sends more has its connection closed instead.
 */
export const refusedBodyPlugin = fp(async (app: FastifyInstance) => {
  const limit = app.config.resilience.uploadDrainLimitBytes;
  app.addHook("onSend", async (request, reply, payload) => {
    const raw = request.raw;
    if (reply.statusCode >= 400 && !raw.complete) {
      const declared = Number(request.headers["content-length"]);
      // Known beforehand to be too much to drain: say so, and close after the answer.
      if (Number.isFinite(declared) && declared > limit + (raw.socket?.bytesRead ?? 0))
        reply.header("Connection", "close");
    }
    return payload;
  });
  app.addHook("onResponse", async (request) => {
    if (!request.raw.complete && !request.raw.destroyed) drainOrClose(request.raw, limit);
  });
});

function drainOrClose(raw: IncomingMessage, limit: number): void {
  raw.unpipe();
  raw.removeAllListeners("data");
  let drained = 0;
  raw.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) raw.socket?.destroy();
  });
  raw.on("error", () => {});
  raw.resume();
}
