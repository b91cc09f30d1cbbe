import { errorBodySchema, errorCodes, healthResponseSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth, dependenciesDown } from "../services/health";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["platform"],
        summary:
          "Liveness: the state of each dependency; 200 while the database answers (even degraded), else 503",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app);
      return reply.status(health.db === "up" ? 200 : 503).send(health);
    },
  );

  // What a load balancer gates traffic on: an instance whose Redis, S3 or RPC node is away answers /api/health 200
  // "degraded" (alive, reads may work) but is not ready for traffic.
  app.get(
    "/health/ready",
    {
      schema: {
        tags: ["platform"],
        summary:
          "Readiness: 200 with the health report only when every dependency is up (status ok); else 503 SERVICE_UNAVAILABLE, details.down naming the dependencies down",
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(app);
      const down = dependenciesDown(health);
      if (down.length === 0) return reply.send(health);
      // Sent, not thrown: a load balancer probing an instance through an outage is no failed request to log each time.
      const message = `Not ready: ${down.join(", ")} unavailable`;
      return reply.status(503).send({
        error: { code: errorCodes.serviceUnavailable, message, details: { down }, requestId: request.id },
      });
    },
  );
};
