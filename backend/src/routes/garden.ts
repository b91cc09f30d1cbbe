import { errorBodySchema, gardenLayoutSchema, gardenLayoutUpdateSchema, gardenSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { gameClockOf } from "../services/game/clock";
import { readGarden } from "../services/game/garden";
import { saveGardenLayout } from "../services/game/garden-layout";
import { requireSession } from "../session";

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** The player's garden: decorations and paths to arrange, the saved layout, the season's theme and pass. */
export const gardenRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = gameClockOf(app);

  app.get(
    "/game/garden",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "My garden: the decoration catalogue with what I unlocked and how the rest unlocks, my layout, and this season's theme and pass (looks only, never money)",
        security: [{ session: [] }],
        response: { 200: gardenSchema, ...errors },
      },
    },
    async (request) => readGarden(app.db, requireSession(request).address, clock.now()),
  );

  app.put(
    "/game/garden/layout",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "Save my garden layout: unlocked items only, each on a cell of the grid, one a cell, at most the maximum",
        security: [{ session: [] }],
        body: gardenLayoutUpdateSchema,
        response: { 200: gardenLayoutSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) =>
      saveGardenLayout(app.db, requireSession(request).address, request.body.items, clock.now()),
  );
};
