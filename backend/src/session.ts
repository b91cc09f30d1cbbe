import type { FastifyRequest } from "fastify";
import { unauthenticated } from "./errors";
import type { Session } from "./types";

/**
 * The signed-in wallet of a request behind `app.authenticate` or `app.requireRole`. Typed, and a route that forgot
 * its preHandler answers 401 instead of failing on a null: never `request.session!`.
 */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated();
  return request.session;
}
