import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forgetProfile } from "../services/profile/profile-cache";

/**
 * After any successful write by a signed-in wallet (sync, registration…), its cached profile is dropped; routes that
 * drop what they changed themselves (`forgetsProfiles`: the batched game writes) are left out.
 */
export const profileCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (request, reply, payload) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.session &&
      reply.statusCode < 400 &&
      request.routeOptions.config.forgetsProfiles !== true
    ) {
      await forgetProfile(app, request.session.address).catch((error: unknown) =>
        request.log.warn({ err: error }, "cached profile not dropped"),
      );
    }
    return payload;
  });
});
