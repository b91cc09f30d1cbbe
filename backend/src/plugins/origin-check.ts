import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden, portalOnly } from "../errors";
import { throughInvestorApp } from "../static/plugin";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
/** Sec-Fetch-Site values of requests a page of the app itself (or the user, typing a URL) made. */
const ownSites = new Set(["same-origin", "none"]);

/**
 * Every state-changing request from a browser must come from one of the apps (SIWE_ALLOWED_ORIGINS, the origins the
 * apps are served from). SameSite=Lax cookies do not stop a page on another port of the same site (same-site, not
 * same-origin) from posting a no-cors multipart form with the user's session; the Origin header, which browsers send
 * on every POST, or else Sec-Fetch-Site, does. Requests with neither come from programs, which carry no browser
 * cookies a third party could ride on.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set(app.config.siweAllowedOrigins);
  const adminAllowed = new Set(app.config.adminAllowedOrigins);
  app.addHook("onRequest", async (request) => {
    // Admin routes (by the matched route, whatever the spelling of the URL) answer only the farmer portal's pages, and
    // never on the investor app's port: a same-origin read there sends no Origin but does send the admin's cookie.
    const origin = request.headers.origin;
    const admin = request.routeOptions.url?.startsWith("/api/admin") === true;
    if (admin && throughInvestorApp(request)) throw portalOnly();
    if (origin !== undefined && admin && !adminAllowed.has(origin))
      throw forbidden("Admin requests are accepted only from the farmer portal");
    if (safeMethods.has(request.method)) return;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw forbidden("Requests from this origin are not accepted");
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && !ownSites.has(site)) throw forbidden("Cross-site requests are not accepted");
  });
});
