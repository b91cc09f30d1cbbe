import {
  errorBodySchema,
  type LeaderboardResponse,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  seasonsQuerySchema,
  seasonsResponseSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionCookie } from "../plugins/auth";
import { readSession } from "../services/auth/sessions";
import { readLeaderboardJson } from "../services/game/leaderboard";
import { readSeasons } from "../services/game/state";

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
    async (request, reply) => {
      // Anyone may look; a signed-in caller also gets their own rank.
      const sessionId = request.cookies[sessionCookie];
      const session = sessionId ? await readSession(app.cache, sessionId) : null;
      const json = await readLeaderboardJson(app.db, app.cache, request.query, session?.address ?? null);
      // Checked against the schema when it was computed: a JSON string with a JSON type is sent as it is.
      return reply.type("application/json; charset=utf-8").send(json as unknown as LeaderboardResponse);
    },
  );

  app.get(
    "/leaderboard/seasons",
    {
      schema: {
        tags: ["game"],
        summary:
          "Weekly seasons (ISO week, UTC) by XP gained: this week's top ten and each finished week's kept top ten",
        querystring: seasonsQuerySchema,
        response: { 200: seasonsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => readSeasons(app.db, new Date(), request.query.past),
  );
};
