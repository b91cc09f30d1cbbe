import { API_ERROR_CODES, errorBodySchema } from "@farm/core";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import type { ZodType } from "zod";

/**
 * Answers any API route can give whatever it does, documented on every route so a client generator knows them: the
 * rate limit, a dependency that is away (database, cache, storage, chain), and the last resort. Routes that read a
 * body add the refusals of the body itself.
 */
const everyRoute = { 429: errorBodySchema, 500: errorBodySchema, 503: errorBodySchema };
const withBody = { 400: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };
const withInput = { 400: errorBodySchema };
/** Routes behind a session (`security: session`) refuse a missing or ended one. */
const withSession = { 401: errorBodySchema };
/** State-changing methods are refused from a foreign origin (plugins/origin-check). */
const unsafe = { 403: errorBodySchema };
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** One answer that broke the documented contract: the route, the status and what was wrong. */
export interface ContractViolation {
  route: string;
  status: number;
  problem: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Answers that did not match their route's documented response (checked when `config.responseCheck`, by default
     * outside production), and each API route's documented responses by "METHOD /api/path".
     */
    responseContract: { violations: ContractViolation[]; routes: Map<string, Record<string, unknown>> };
  }
}

const catalogued: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** The documented schema of a status: exact ("404"), by class ("4XX"), or "default". */
function documentedFor(response: Record<string, unknown>, status: number): ZodType | undefined {
  return (response[status] ?? response[`${String(status)[0]}XX`] ?? response.default) as ZodType | undefined;
}

/**
 * Every API route documents every status it can answer, with the one error schema for errors (see `everyRoute`).
 * When `config.responseCheck` is on (RESPONSE_CHECK; by default outside production) each answer is also checked
 * against its route's documented response for its status: an undocumented status, a body its schema refuses or an
 * error code missing from core's catalogue is logged and kept in `app.responseContract.violations`, which the API
 * tests require to be empty.
 */
export const responseContractPlugin = fp(async (app: FastifyInstance) => {
  const routes = new Map<string, Record<string, unknown>>();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const schema: FastifySchema = route.schema ?? {};
    if (schema.hide) return;
    const reads = schema.body !== undefined || schema.consumes !== undefined;
    const takesInput = schema.querystring !== undefined || schema.params !== undefined;
    const methods = [route.method].flat();
    route.schema = {
      ...schema,
      // A route that names no security is public, and says so (an empty requirement) rather than leaving it unsaid.
      security: schema.security ?? [],
      response: {
        ...everyRoute,
        ...(reads ? withBody : takesInput ? withInput : {}),
        ...(schema.security?.some((requirement) => "session" in requirement) ? withSession : {}),
        ...(methods.some((method) => !safeMethods.has(method)) ? unsafe : {}),
        ...(schema.response as Record<string, unknown> | undefined),
      },
    };
    for (const method of methods)
      routes.set(`${method} ${route.url}`, route.schema.response as Record<string, unknown>);
  });

  const violations: ContractViolation[] = [];
  app.decorate("responseContract", { violations, routes });
  if (!app.config.responseCheck) return;

  app.addHook("onSend", async (request, reply, payload) => {
    const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const url = request.routeOptions.url;
    if (!response || !url?.startsWith("/api/")) return payload;
    const route = `${request.method} ${url}`;
    const status = reply.statusCode;
    const note = (problem: string) => {
      violations.push({ route, status, problem });
      request.log.error({ route, status, problem }, "answer outside the documented API contract");
    };
    const schema = documentedFor(response, status);
    if (!schema) {
      note(`status ${status} is not documented`);
      return payload;
    }
    const type = String(reply.getHeader("content-type") ?? "");
    if (typeof payload !== "string" || !type.includes("json")) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      note("the body is not JSON");
      return payload;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) note(`the body does not match the documented schema: ${parsed.error.message}`);
    else if (schema === errorBodySchema) {
      const code = (body as { error?: { code?: unknown } }).error?.code;
      if (typeof code !== "string" || !catalogued.has(code))
        note(`error code ${String(code)} is not catalogued`);
    }
    return payload;
  });
});
