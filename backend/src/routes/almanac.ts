import { almanacResponseSchema, errorBodySchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readAlmanac } from "../services/game/almanac";
import { requireSession } from "../session";

export const almanacRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/game/almanac",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "My almanac: the commodities and provinces I funded (invested in or bought on the seed market), by island group, and badges for completing sets (no amounts)",
        security: [{ session: [] }],
        response: { 200: almanacResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => readAlmanac(app.db, requireSession(request).address),
  );
};
