import {
  createTeamRequestSchema,
  errorBodySchema,
  gardenSlugParamsSchema,
  gardenVisibilityRequestSchema,
  gardenVisibilitySchema,
  helpResponseSchema,
  joinTeamRequestSchema,
  myTeamSchema,
  publicGardenSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chainNow } from "../chain/clock";
import { gameClockOf } from "../services/game/clock";
import { batchesInFlightFor } from "../services/game/group-commit";
import { readPublicGarden, readVisibility, setVisibility } from "../services/neighbours/gardens";
import { helpBatcher } from "../services/neighbours/helps";
import { createTeam, joinTeam, leaveTeam, readMyTeam } from "../services/neighbours/teams";
import { forgetProfiles } from "../services/profile/profile-cache";
import { requireSession } from "../session";

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const session = [{ session: [] }];

/** Other players (decision 0063): public gardens, helping a neighbour, neighbourhoods. Never money, never an address. */
export const neighbourRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = gameClockOf(app);
  // Helps arriving together share one statement (group commit, as waterings do).
  // Each batch drops the cached profiles of the helpers and owners it credited, once, before answering.
  const help = helpBatcher(
    app.db,
    async () => ({ chainNow: await chainNow(app.chain, app.log), wallNow: clock.now() }),
    {
      afterCommit: (addresses) => forgetProfiles(app, addresses),
      maxInFlight: batchesInFlightFor(app.config.dbPoolSize),
    },
  );

  app.get(
    "/game/garden/visibility",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "My garden's visibility: private (the default) or public by its link",
        security: session,
        response: { 200: gardenVisibilitySchema, ...errors },
      },
    },
    async (request) => readVisibility(app.db, requireSession(request).address),
  );

  app.put(
    "/game/garden/visibility",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "Make my garden public (plants and decorations by display name; no amounts, no address) or private again",
        security: session,
        body: gardenVisibilityRequestSchema,
        response: { 200: gardenVisibilitySchema, ...errors },
      },
    },
    async (request) => setVisibility(app.db, requireSession(request).address, request.body.public),
  );

  app.get(
    "/gardens/:slug",
    {
      schema: {
        tags: ["game"],
        summary:
          "A public garden: its plants' commodity and stage, decorations, today's helps; 404 when private or unknown",
        params: gardenSlugParamsSchema,
        response: { 200: publicGardenSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = await app.optionalSession(request, reply);
      const now = { chainNow: await chainNow(app.chain, request.log), wallNow: clock.now() };
      return readPublicGarden(
        app.db,
        request.params.slug,
        caller ? { address: caller.address, chainNow: now.chainNow } : null,
        now,
      );
    },
  );

  app.post(
    "/gardens/:slug/help",
    {
      preHandler: app.authenticate,
      config: { forgetsProfiles: true },
      schema: {
        tags: ["game"],
        summary:
          "Help a neighbour water: +5 XP each, once per neighbour a UTC day, 3 a day; both must be verified investors",
        security: session,
        params: gardenSlugParamsSchema,
        response: {
          200: helpResponseSchema,
          ...errors,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => help(requireSession(request).address, request.params.slug),
  );

  app.get(
    "/teams/mine",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "My neighbourhood, its members' public gardens and this week's team event; my ribbons",
        security: session,
        response: { 200: myTeamSchema, ...errors },
      },
    },
    async (request) => readMyTeam(app.db, requireSession(request).address, clock.now()),
  );

  app.post(
    "/teams",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "Start a neighbourhood (up to 10 members, joined by its invite code); 409 when already in one",
        security: session,
        body: createTeamRequestSchema,
        response: { 201: myTeamSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const address = requireSession(request).address;
      await createTeam(app.db, address, request.body.name);
      return reply.status(201).send(await readMyTeam(app.db, address, clock.now()));
    },
  );

  app.post(
    "/teams/join",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "Join a neighbourhood by its invite code; 404 unknown code, 409 full or already in one",
        security: session,
        body: joinTeamRequestSchema,
        response: { 200: myTeamSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const address = requireSession(request).address;
      await joinTeam(app.db, address, request.body.code);
      return readMyTeam(app.db, address, clock.now());
    },
  );

  app.delete(
    "/teams/mine",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary: "Leave my neighbourhood (ribbons earned stay); 404 when in none",
        security: session,
        response: { 204: z.null().meta({ description: "left" }), ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await leaveTeam(app.db, requireSession(request).address);
      return reply.status(204).send(null);
    },
  );
};
