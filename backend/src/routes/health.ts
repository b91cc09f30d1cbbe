import { healthResponseSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth } from "../services/health";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["platform"],
        summary: "State of each dependency; 503 when the database is down",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app);
      return reply.status(health.db === "up" ? 200 : 503).send(health);
    },
  );
};
