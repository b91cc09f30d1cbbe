import { errorBodySchema } from "@farm/core";
import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { responseContractPlugin } from "../src/plugins/response-contract";

// The check behind every API test (helpers.ts fails a suite whose answers break the contract) must itself catch a
// broken answer: a small real Fastify app with the plugin and routes that misbehave on purpose.
describe("the response contract check", () => {
  // Untyped replies on purpose: these routes answer what their schemas do not allow.
  const app = Fastify();
  /** Each route's documented statuses, as the plugin left them (its onRoute hook runs before this one). */
  const documented = new Map<string, string[]>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("config", { env: "test", responseCheck: true } as never);
    await app.register(responseContractPlugin);
    app.addHook("onRoute", (route) => {
      documented.set(`${route.method} ${route.url}`, Object.keys(route.schema?.response ?? {}).sort());
    });
    const ok = z.object({ ok: z.boolean() });
    app.get("/api/fine", { schema: { response: { 200: ok } } }, async () => ({ ok: true }));
    app.get("/api/teapot", { schema: { response: { 200: ok } } }, async (_, reply) =>
      (reply as FastifyReply).code(418).send({ ok: true }),
    );
    app.get("/api/odd-error", { schema: { response: { 200: ok, 409: errorBodySchema } } }, async (_, reply) =>
      reply.status(409).send({ error: { code: "MADE_UP_CODE", message: "no such rule" } }),
    );
    app.get("/api/wrong-error-shape", { schema: { response: { 200: ok } } }, async (_, reply) =>
      (reply as FastifyReply)
        .code(429)
        .header("content-type", "application/json")
        .send(JSON.stringify({ message: "slow down" })),
    );
    app.post("/api/write", { schema: { body: ok, security: [{ session: [] }] } }, async () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  it("passes an answer that matches its documented response", async () => {
    const before = app.responseContract.violations.length;
    expect((await app.inject({ method: "GET", url: "/api/fine" })).statusCode).toBe(200);
    expect(app.responseContract.violations.length).toBe(before);
  });

  it("records an undocumented status, an uncatalogued error code and a body its schema refuses", async () => {
    await app.inject({ method: "GET", url: "/api/teapot" });
    await app.inject({ method: "GET", url: "/api/odd-error" });
    await app.inject({ method: "GET", url: "/api/wrong-error-shape" });
    const problems = app.responseContract.violations.map((v) => `${v.route} ${v.status} ${v.problem}`);
    expect(problems).toEqual([
      "GET /api/teapot 418 status 418 is not documented",
      "GET /api/odd-error 409 error code MADE_UP_CODE is not catalogued",
      expect.stringMatching(
        /^GET \/api\/wrong-error-shape 429 the body does not match the documented schema/,
      ),
    ]);
  });

  it("documents what every route can answer: 429, 500, 503; body refusals; 401 behind a session; 403 on writes", () => {
    expect(documented.get("GET /api/fine")).toEqual(["200", "429", "500", "503"]);
    expect(documented.get("POST /api/write")).toEqual([
      "400",
      "401",
      "403",
      "413",
      "415",
      "429",
      "500",
      "503",
    ]);
  });

  it("checks nothing when RESPONSE_CHECK is off, as in production", async () => {
    const quiet = Fastify();
    quiet.setSerializerCompiler(serializerCompiler);
    quiet.decorate("config", { env: "production", responseCheck: false } as never);
    await quiet.register(responseContractPlugin);
    quiet.get("/api/teapot", async (_, reply) => reply.code(418).send({ ok: true }));
    await quiet.ready();
    expect((await quiet.inject({ method: "GET", url: "/api/teapot" })).statusCode).toBe(418);
    expect(quiet.responseContract.violations).toEqual([]);
    await quiet.close();
  });
});
