import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
