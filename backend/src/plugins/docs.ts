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
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "farm_session" } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const schema = transformed.schema as Record<string, unknown>;
      schema.operationId ??= operationIdOf(String(method), input.url);
      return transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
