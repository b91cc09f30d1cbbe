import type { FastifyRequest } from "fastify";
import { canonicalPath } from "./request-path";

/**
 * Log serializers that keep personal data out of every log line, at every level. Requests are logged by method and
 * path only (query strings carry filters and cursors a person chose); errors by type, code, and a message and stack
 * cut before any statement parameters or row details (Drizzle puts every parameter of a failed query, names, e-mail
 * and phone numbers included, in its error message; PostgreSQL puts the conflicting values in `detail`).
 */
export const privateLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedPath(request),
    remoteAddress: request.ip,
  }),
  err: serializeError,
};

/** Paths pino blanks whatever the serializer: credentials and anything that looks like a body or a profile. */
export const redactedLogPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "body",
  "profile",
  "params",
  "query",
];

/** Path parameters that are secrets in themselves: whoever reads a log must not be able to use them. */
const secretParams = new Set(["token"]);

/**
 * Paths whose next segment is a secret, for requests no route with a secret parameter matched: the e-mailed links'
 * app pages (core's notification catalogue; the portal's router), served by the apps' catch-all route, and the API's
 * link routes spelled so that none matches (a 404 still carries the token).
 */
const secretPathPrefixes = [
  "/confirm/",
  "/email/verify/",
  "/api/confirmations/",
  "/api/notifications/verify/",
  "/api/notifications/unsubscribe/",
];

/**
 * The request's path without its query; on a route with a secret parameter (a confirmation link's token), the
 * route's pattern with that parameter blanked, and on any other path under a secret-carrying prefix, the prefix
 * and `[redacted]`, however the path was spelled or encoded.
 */
export function loggedPath(request: Pick<FastifyRequest, "url" | "routeOptions" | "params">): string {
  const route = request.routeOptions?.url;
  if (route === undefined || ![...secretParams].some((name) => route.includes(`:${name}`)))
    return withoutPathSecrets(pathOnly(request.url));
  const params = (request.params ?? {}) as Record<string, unknown>;
  return route.replace(/:(\w+)/g, (_, name: string) =>
    secretParams.has(name) ? "[redacted]" : String(params[name] ?? `:${name}`),
  );
}

function withoutPathSecrets(path: string): string {
  const canonical = canonicalPath(path);
  const prefix = secretPathPrefixes.find((secret) => canonical.startsWith(secret));
  return prefix === undefined ? path : `${prefix}[redacted]`;
}

function pathOnly(url: string | undefined): string {
  if (url === undefined) return "";
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Everything after one of these markers in an error message is data, not a description of the failure. */
const dataMarkers = /\n\s*params:|\nparams:|\s+params:\s|Request body:|\n\s*Details?:/;

export function cleanMessage(message: string): string {
  const cut = message.search(dataMarkers);
  const kept = cut === -1 ? message : `${message.slice(0, cut)} [data removed]`;
  // Values quoted by PostgreSQL in messages such as `invalid input syntax for type uuid: "…"`.
  return kept.replace(/(: )"[^"]{0,500}"/g, '$1"[value removed]"').slice(0, 2_000);
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SerializedError;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: "[non-error value removed]", stack: "" };
  const message = cleanMessage(error.message);
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .slice(0, 15);
  return {
    type: error.name,
    message,
    ...(typeof code === "string" || typeof code === "number" ? { code: String(code) } : {}),
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
    ...(error.cause !== undefined && depth < 4 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
