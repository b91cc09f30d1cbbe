import { errorBodySchema, visitRequestSchema, visitResponseSchema } from "@farm/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chainNow } from "../chain/clock";
import type { GameClock } from "../services/game/clock";
import { recordVisit } from "../services/game/visits";
import { requireSession } from "../session";

/**
 * POST /api/game/visits, registered by the game's routes with their clock: the player opened a place of the app,
 * which moves the day's quests and the week's chores of that place once a day (decision 0059). Rate limited as every
 * API call (per wallet), and bounded per wallet and day by the service.
 */
export function registerVisitRoutes(app: FastifyInstance, clock: GameClock): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/game/visits",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "I opened a place (garden, market, leaderboard, profile, a seed's fact sheet): moves today's quests and this week's chores of it, once a day (XP only, never money)",
        security: [{ session: [] }],
        body: visitRequestSchema,
        response: {
          200: visitResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) =>
      recordVisit(app.db, requireSession(request).address, request.body, {
        chainNow: await chainNow(app.chain, request.log),
        wallNow: clock.now(),
      }),
  );
}
