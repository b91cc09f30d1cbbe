import { errorBodySchema, type UserProfile, userProfileSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedProfileJson } from "../services/profile/profile-cache";
import { requireSession } from "../session";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/profile",
    {
      preHandler: app.authenticate,
      config: { prefetchProfile: true },
      schema: {
        tags: ["profile"],
        summary: "The signed-in wallet: address, roles, farmer status and each area's fields",
        security: [{ session: [] }],
        response: { 200: userProfileSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const json = await cachedProfileJson(app, requireSession(request), request.sessionPrefetch?.profile);
      // Already checked against userProfileSchema when composed: a JSON string with a JSON type is sent as it is.
      return reply.type("application/json; charset=utf-8").send(json as unknown as UserProfile);
    },
  );
};
