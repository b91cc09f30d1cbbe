import { errorBodySchema, leaderboardQuerySchema, leaderboardResponseSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionCookie } from "../plugins/auth";
import { readSession } from "../services/auth/sessions";
import { readLeaderboard } from "../services/leaderboard";

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/leaderboard",
    {
      schema: {
        tags: ["game"],
        summary:
          "Top players by XP, GOLD invested or yield earned; ties go to who got there first; <= 30 s old",
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      // Anyone may look; a signed-in caller also gets their own rank.
      const sessionId = request.cookies[sessionCookie];
      const session = sessionId ? await readSession(app.cache, sessionId) : null;
      return readLeaderboard(app.db, app.cache, request.query, session?.address ?? null);
    },
  );
};
