import {
  cropsResponseSchema,
  errorBodySchema,
  gameClockSchema,
  gameStateSchema,
  profileUpdateSchema,
  userProfileSchema,
  waterRequestSchema,
  waterResponseSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chainNow } from "../chain/clock";
import { DrawnBoards } from "../services/game/boards";
import { gameClockOf } from "../services/game/clock";
import { listCrops } from "../services/game/crops";
import { batchesInFlightFor } from "../services/game/group-commit";
import { updateProfileGame } from "../services/game/profile";
import { readGameState } from "../services/game/state";
import { databaseWateringBatcher } from "../services/game/water-batcher";
import { forgetProfile, forgetProfiles } from "../services/profile/profile-cache";
import { buildProfile } from "../services/profile/profile-parts";
import { requireSession } from "../session";
import { registerVisitRoutes } from "./game-visits";

const errors = { 400: errorBodySchema, 401: errorBodySchema };

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  // Waterings arriving together share one statement (group commit); see WateringBatcher.
  const clock = gameClockOf(app);
  const waterings = databaseWateringBatcher(
    app.db,
    async () => ({ chainNow: await chainNow(app.chain, app.log), wallNow: clock.now() }),
    {
      onCommit: (count) => app.metrics.wateringsPerCommit.observe(count),
      maxInFlight: batchesInFlightFor(app.config.dbPoolSize),
      afterCommit: (addresses) => forgetProfiles(app, addresses),
    },
  );
  // The day's quests and the week's chores are drawn at the first read, a watering's included (decision 0059).
  const drawn = new DrawnBoards();
  registerVisitRoutes(app, clock);

  app.get(
    "/crops",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "My crops: stage, progress, days to maturity, today's watering, canHarvest, expected payout",
        security: [{ session: [] }],
        response: { 200: cropsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const asOf = await chainNow(app.chain, request.log);
      const crops = await listCrops(app.db, requireSession(request).address, {
        chainNow: asOf,
        wallNow: clock.now(),
      });
      return { crops, asOf: asOf.toISOString() };
    },
  );

  app.get(
    "/game/state",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "My daily watering streak, today's three quests and this week's chores (drawn at the first read from what I can do), achievements, cosmetics by level and season XP (never money)",
        security: [{ session: [] }],
        response: { 200: gameStateSchema, ...errors },
      },
    },
    async (request) => {
      const address = requireSession(request).address;
      const now = clock.now();
      await drawn.ensure(app.db, address, now, () => chainNow(app.chain, request.log));
      return readGameState(app.db, address, now);
    },
  );

  if (app.config.gameTestClock)
    app.post(
      "/test/game-clock",
      {
        schema: {
          tags: ["test"],
          summary:
            "Test stacks only (GAME_TEST_CLOCK): run the game's UTC day ahead of real time by offsetMs",
          body: gameClockSchema,
          response: { 204: z.null().meta({ description: "clock moved" }), 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        clock.setOffset(request.body.offsetMs);
        return reply.status(204).send(null);
      },
    );

  app.post(
    "/game/water",
    {
      preHandler: app.authenticate,
      config: { forgetsProfiles: true },
      schema: {
        tags: ["game"],
        summary:
          "Water one of my crops: 10 water, +5 XP, once per crop per UTC day (money and maturity unchanged)",
        security: [{ session: [] }],
        body: waterRequestSchema,
        response: {
          200: waterResponseSchema,
          ...errors,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const address = requireSession(request).address;
      await drawn.ensure(app.db, address, clock.now(), () => chainNow(app.chain, request.log));
      // The cached profile shows water and XP: the batch drops it for every wallet it watered before answering.
      return waterings.water(address, BigInt(request.body.cropId));
    },
  );

  app.patch(
    "/user/profile",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "Set my display name (unique, 3-20 of A-Z a-z 0-9 _ -) and/or avatar (one of a fixed set)",
        security: [{ session: [] }],
        body: profileUpdateSchema,
        response: { 200: userProfileSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const now = new Date();
      const session = requireSession(request);
      await updateProfileGame(app.db, session.address, request.body, now);
      await forgetProfile(app, session.address);
      return buildProfile(app, session, now);
    },
  );
};
