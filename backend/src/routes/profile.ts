import { errorBodySchema, userProfileSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { buildProfile } from "../services/profile/profile-parts";

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
    async (request) => buildProfile(app, request.session!),
  );
};
