import { createServer, type IncomingMessage, type Server } from "node:http";
import { extname } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ServedApp } from "../config/static-apps";
import { notFound } from "../errors";
import { type AppFile, loadAppFiles, pickEncoding } from "./app-files";
import {
  appContentSecurityPolicy,
  appSecurityHeaders,
  commonSecurityHeaders,
  strictTransportSecurity,
} from "./security-headers";

/** Set on requests that arrived on an app's port: which app they ask for. */
const servedAppKey = Symbol("farm.servedApp");
type AppRequest = IncomingMessage & { [servedAppKey]?: LoadedApp };
interface LoadedApp extends ServedApp {
  files: Map<string, AppFile>;
}

/** The app whose port a request came in on, or null for the API's own port. */
export function servedAppOf(request: FastifyRequest): ServedApp | null {
  return (request.raw as AppRequest)[servedAppKey] ?? null;
}

/**
 * Whether a request came in on the investor app's port. Cookies ignore ports, so an admin's portal session reaches it
 * too: there admin routes and other wallets' KYC documents are refused and the session holds no admin role (0047).
 */
export function throughInvestorApp(request: FastifyRequest): boolean {
  return servedAppOf(request)?.name === "investor-app";
}

const immutable = "public, max-age=31536000, immutable";

/**
 * The production server: the request id and security headers on every answer and, when the configuration lists apps, each built app on
 * its own port. An app's port is a second HTTP server handing every request to this Fastify instance, so `/api` on
 * it is the API itself (same origin: the session cookie works) with the same hooks, logs and metrics, and every
 * other path is the app: a file of its build, or index.html for the app's own routes.
 */
export const staticAppsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id).headers(commonSecurityHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", strictTransportSecurity);
  });
  if (app.config.apps.length === 0) return;

  const apps: LoadedApp[] = await Promise.all(
    app.config.apps.map(async (served) => ({ ...served, files: await loadAppFiles(served.dir) })),
  );
  const csp = appContentSecurityPolicy(app.config.publicRpcUrl);
  const servers: Server[] = apps.map((served) =>
    createServer((req, res) => {
      (req as AppRequest)[servedAppKey] = served;
      app.routing(req, res);
    }),
  );

  const sendFile = (request: FastifyRequest, reply: FastifyReply, file: AppFile) => {
    reply
      .headers(appSecurityHeaders)
      .header("content-security-policy", csp)
      .header("content-type", file.contentType)
      .header("cache-control", file.hashed ? immutable : "no-cache")
      .header("etag", file.etag);
    if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
    if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
    const encoding = pickEncoding(file, request.headers["accept-encoding"]);
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body);
  };

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const served = (request.raw as AppRequest)[servedAppKey];
    const path = request.url.split("?")[0] ?? "/";
    if (!served || path === "/api" || path.startsWith("/api/")) throw notFound(`No route GET ${path}`);
    const file = served.files.get(path === "/" ? "/index.html" : path);
    if (file) return sendFile(request, reply, file);
    // A path without an extension is one of the app's own routes (/shop, /invoices/12): the app renders it.
    if (extname(path) === "") return sendFile(request, reply, served.files.get("/index.html") as AppFile);
    throw notFound(`No file ${path} in the ${served.name} build`);
  });

  // Before the API listens, so a port in use stops the start-up instead of leaving an app unserved.
  app.addHook("onReady", async () => {
    await Promise.all(
      servers.map(
        (server, i) =>
          new Promise<void>((resolve, reject) => {
            server.once("error", reject);
            server.listen(apps[i]?.port, app.config.host, () => {
              server.off("error", reject);
              resolve();
            });
          }),
      ),
    );
    const ports: Record<string, number> = {};
    for (const [i, server] of servers.entries()) {
      const address = server.address();
      const name = apps[i]?.name ?? "app";
      ports[name] = typeof address === "object" && address ? address.port : (apps[i]?.port ?? 0);
      app.log.info({ app: name, port: ports[name] }, "app listening");
    }
    listeningPorts.set(app, ports);
  });
  app.addHook("onClose", async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (!server.listening) return resolve();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  });
});

const listeningPorts = new WeakMap<FastifyInstance, Record<string, number>>();

/** The port each app listens on once the app is ready (port 0 in the configuration picks a free one). */
export function appPorts(app: FastifyInstance): Record<string, number> {
  return listeningPorts.get(app) ?? {};
}
