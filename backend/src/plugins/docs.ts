import { documentRules, invoiceDocumentRules } from "@farm/core";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * A stable operation id from the method and path, for client generators: `GET /api/invoices/:tokenId/evidence` ->
 * `getInvoicesByTokenIdEvidence`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter((part) => part.length > 0)
    .map((part) => (part.startsWith(":") ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter((word) => word.length > 0);
  return [method.toLowerCase(), ...words]
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

/** A file part of a multipart body, with the types and size its rules allow (checked from the bytes). */
function filePart(rule: { mimeTypes: readonly string[]; maxBytes: number }, what: string) {
  return {
    type: "string",
    format: "binary",
    description: `${what}: ${rule.mimeTypes.join(", ")}, at most ${rule.maxBytes / (1024 * 1024)} MB`,
  };
}

/**
 * The multipart bodies, which Fastify reads as a stream rather than validating against a schema: described here so
 * the document gives a client generator their parts (a JSON part and the files), from the same rules the routes use.
 */
const multipartBodies: Record<string, object> = {
  "POST /api/farmers/register": {
    type: "object",
    required: ["profile", "ktp", "npwp", "bankStatement"],
    properties: {
      profile: {
        type: "string",
        contentMediaType: "application/json",
        description: "The registration (schema FarmerRegistration) as JSON text",
      },
      ktp: filePart(documentRules.ktp, "Identity card (KTP)"),
      npwp: filePart(documentRules.npwp, "Tax card (NPWP)"),
      bankStatement: filePart(documentRules.bankStatement, "Bank statement"),
    },
  },
  "POST /api/investors/verification": {
    type: "object",
    required: ["verification", "ktp"],
    properties: {
      verification: {
        type: "string",
        contentMediaType: "application/json",
        description: "The verification (schema InvestorVerificationRequest) as JSON text",
      },
      ktp: filePart(documentRules.ktp, "Identity card (KTP)"),
    },
  },
  "POST /api/invoices": {
    type: "object",
    required: ["invoice", "document"],
    properties: {
      invoice: {
        type: "string",
        contentMediaType: "application/json",
        description: "The invoice (schema SubmitInvoiceRequest) as JSON text",
      },
      document: filePart(invoiceDocumentRules.invoice, "The invoice itself"),
      deliveryProof: filePart(invoiceDocumentRules.deliveryProof, "Proof of delivery (optional)"),
    },
  },
};

/** What each error status means, for the documented responses (their body is always the one error schema). */
const errorDescriptions: Record<string, string> = {
  "400": "The request is malformed or fails validation (VALIDATION_FAILED, MALFORMED_JSON, ...)",
  "401": "No session, or it ended (UNAUTHENTICATED)",
  "403": "Not allowed: the wallet lacks the role, the resource is another's, or the origin is foreign",
  "404": "No such resource",
  "409": "Conflicts with the current state (already done, pending, taken)",
  "410": "Gone: the link expired or was used",
  "413": "A body or file over its size limit",
  "415": "A body or file of a type this operation does not take",
  "422": "Well-formed but refused by a rule (error.code names it)",
  "429": "Rate limited; Retry-After says when to try again",
  "500": "An unexpected failure (error.requestId identifies it in the logs)",
  "503": "A dependency (database, cache, storage or chain) is unavailable; try again",
};

type Operation = { responses?: Record<string, { description?: string; content?: Record<string, unknown> }> };

/**
 * Error answers are JSON whatever the operation's success type (a document download answers a 404 in JSON, not as a
 * PDF), and each says what it means instead of the generator's "Default Response".
 */
export function tidyErrorResponses<T extends { paths?: object }>(document: T): T {
  for (const operations of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        const content = Object.values(response.content ?? {})[0];
        if (content) response.content = { "application/json": content };
        if (!response.description || response.description === "Default Response")
          response.description = errorDescriptions[status] ?? "Refused; error.code says why";
      }
    }
  }
  return document;
}

/** OpenAPI 3 generated from the routes' zod schemas: JSON at /api/openapi.json, Swagger UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  // Off in production unless API_DOCS=true: the full API map is no business of strangers.
  if (!app.config.resilience.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Farm API",
        description:
          "Gamified invoice financing. Errors everywhere: `{error: {code, message, details}}`. Money: base-unit decimal strings.",
        version: "1.0.0",
      },
      // Relative: the document describes the server that serves it, wherever it is deployed.
      servers: [{ url: "/", description: "The server this document came from" }],
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "farm_session" } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const schema = transformed.schema as Record<string, unknown>;
      schema.operationId ??= operationIdOf(String(method), input.url);
      const multipart = multipartBodies[`${method} ${input.url}`];
      if (multipart) schema.body = multipart;
      return transformed;
    },
    transformObject: (input) => tidyErrorResponses(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
