import { statsResponseSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { platformStats } from "../services/stats";

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stats",
    {
      schema: {
        tags: ["stats"],
        summary: "Platform figures for landing pages, from the chain index",
        response: { 200: statsResponseSchema },
      },
    },
    async () => platformStats(app.db, app.config.chainId),
  );
};
