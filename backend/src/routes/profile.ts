import { errorBodySchema, userProfileSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedProfile } from "../services/profile/profile-cache";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/profile",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "The signed-in wallet: address, roles, farmer status and each area's fields",
        security: [{ session: [] }],
        response: { 200: userProfileSchema, 401: errorBodySchema },
      },
    },
    async (request) => cachedProfile(app, request.session!),
  );
};
