import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { acceptedCoding } from "../accept-encoding";

/**
 * The API's answers that grow with the data: lists, histories, statements and boards. A wallet's 50 crops are about
 * 58 KB of JSON, an invoice page about 20 KB; on a phone's mobile data that is most of a page's wait.
 */
export const growingAnswers: ReadonlySet<string> = new Set([
  "/api/crops",
  "/api/invoices",
  "/api/user/activity",
  "/api/user/statement",
  "/api/notifications",
  "/api/market",
  "/api/market/orders/mine",
  "/api/leaderboard",
  "/api/leaderboard/seasons",
  "/api/game/state",
  "/api/game/almanac",
  "/api/game/garden",
  "/api/gardens/:slug",
  "/api/teams/mine",
  "/api/record",
  "/api/records/farmers/:address",
  "/api/records/buyers/:buyerId",
  "/api/admin/farmers",
  "/api/admin/investors",
  "/api/admin/investors/reviews",
  "/api/admin/reviews",
  "/api/admin/invoices/decisions",
  "/api/admin/invoices/defaulted",
  "/api/admin/notifications/dead",
]);

/** Below about one TCP segment, compressing saves no round trip and costs CPU. */
export const COMPRESS_MIN_BYTES = 1_400;

// The fastest levels: a 58 KB crop list becomes about 3-4 KB either way in well under a tenth of a millisecond; quality
// 4 would save a few hundred bytes more for four times the CPU (decision 0066).
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const gzipOptions = { level: 1 };

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== "string" || payload.length < COMPRESS_MIN_BYTES) return payload;
  if (reply.hasHeader("content-encoding")) return payload;
  reply.header("vary", "Accept-Encoding");
  const encoding = acceptedCoding(request.headers["accept-encoding"]);
  if (encoding === null) return payload;
  reply.header("content-encoding", encoding);
  reply.removeHeader("content-length");
  return encoding === "br" ? brotliCompressSync(payload, brotliOptions) : gzipSync(payload, gzipOptions);
}

/**
 * Compresses the answers of `growingAnswers` for a client that accepts brotli or gzip (every browser does), as a hook
 * of those routes only: the other routes' answers are small and pay nothing. The body a client decodes is the same
 * bytes the OpenAPI document describes; the response contract is checked before (app-wide hooks run first).
 */
export const compressAnswersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!growingAnswers.has(route.url) || !methods.some((m) => m === "GET" || m === "HEAD")) return;
    const hooks = [route.onSend ?? []].flat();
    // Fastify makes a GET route's HEAD route from the same options, hooks included.
    if (!hooks.includes(compressAnswer)) route.onSend = [...hooks, compressAnswer];
  });
});
