import { errorBodySchema, nonceResponseSchema, sessionResponseSchema, verifyRequestSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Hex } from "viem";
import { z } from "zod";
import { sessionCookie, setSessionCookie } from "../plugins/auth";
import { issueNonce } from "../services/auth/nonces";
import { createSession, deleteSession } from "../services/auth/sessions";
import { verifySignIn } from "../services/auth/siwe";
import { requireSession } from "../session";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Verifies smart-wallet (ERC-1271) signatures with the app's one chain client.
  const client = app.contracts ? app.chain.publicClient : undefined;
  const rules = { chainId: app.config.chainId, allowedOrigins: app.config.siweAllowedOrigins };

  app.get(
    "/auth/nonce",
    {
      schema: {
        tags: ["auth"],
        summary: "A single-use nonce for the EIP-4361 message, valid 5 minutes",
        response: { 200: nonceResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { nonce: await issueNonce(app.cache) };
    },
  );

  app.post(
    "/auth/verify",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with Ethereum: verifies the signed message and sets the session cookie",
        body: verifyRequestSchema,
        // 401: a bad signature, an unknown or used nonce, another domain or chain, an expired message.
        response: { 200: sessionResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const address = await verifySignIn(
        { message: request.body.message, signature: request.body.signature as Hex },
        rules,
        app.cache,
        client,
      );
      const sessionId = await createSession(app.cache, address);
      setSessionCookie(app, reply, sessionId);
      const identity = await app.identity.get(address);
      return { address, roles: identity.roles };
    },
  );

  app.get(
    "/auth/session",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["auth"],
        summary: "The signed-in wallet and its roles",
        security: [{ session: [] }],
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { address, roles } = requireSession(request);
      return { address, roles };
    },
  );

  app.post(
    "/auth/logout",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["auth"],
        summary: "Ends the session",
        security: [{ session: [] }],
        response: { 204: z.null().meta({ description: "Signed out; no body" }) },
      },
    },
    async (request, reply) => {
      await deleteSession(app.cache, requireSession(request).id);
      reply.clearCookie(sessionCookie, { path: "/" });
      return reply.status(204).send(null);
    },
  );
};
