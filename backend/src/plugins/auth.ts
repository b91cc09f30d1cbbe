import type { Role } from "@farm/core";
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthenticated } from "../errors";
import { IdentityService } from "../services/auth/identity";
import { readSession, sessionIdleMs } from "../services/auth/sessions";
import { throughInvestorApp } from "../static/plugin";

export const sessionCookie = "farm_session";

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(sessionCookie, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.cookieSecure,
    path: "/",
    maxAge: Math.floor(sessionIdleMs / 1000),
  });
}

/** Cookie sessions over the cache store, `app.authenticate`, `app.requireRole(role)` and `app.identity`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  // The app's one chain client (chain/plugin.ts): reads ADMIN_ROLE for the identity.
  const client = app.contracts ? app.chain.publicClient : undefined;
  app.decorate(
    "identity",
    new IdentityService({
      db: app.db,
      cache: app.cache,
      log: app.log,
      admins: {
        adminAddresses: app.config.adminAddresses,
        chain: client && app.contracts ? { client, farmNft: app.contracts.farmNft } : undefined,
      },
    }),
  );
  app.decorateRequest("session", null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.session !== null) return;
    const sessionId = request.cookies[sessionCookie];
    if (!sessionId) throw unauthenticated();
    const prefetched = request.sessionPrefetch;
    const found = await readSession(app.cache, sessionId, Date.now(), prefetched?.session);
    if (found === null) throw unauthenticated("Your session has ended; sign in again");
    if (found.refreshed) setSessionCookie(app, reply, sessionId);
    const identity = await app.identity.get(found.address, prefetched?.identity);
    request.session = {
      id: sessionId,
      address: found.address,
      // Admin powers stay on the portal: through the investor app's port the wallet reads as it would without them.
      roles: throughInvestorApp(request) ? identity.roles.filter((role) => role !== "admin") : identity.roles,
      farmer: identity.farmer,
    };
  }

  app.decorate("authenticate", authenticate);
  // Public routes that answer a signed-in wallet more: the session when there is a live one, never a 401.
  app.decorate("optionalSession", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.cookies[sessionCookie]) return null;
    try {
      await authenticate(request, reply);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 401) return null;
      throw error;
    }
    return request.session;
  });
  app.decorate("requireRole", (role: Role) => async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!request.session?.roles.includes(role))
      throw forbidden(`Only a wallet with the ${role} role may do this`);
  });
});
