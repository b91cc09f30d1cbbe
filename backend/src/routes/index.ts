import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth";
import { configRoutes } from "./config";
import { cropSyncRoutes } from "./crops";
import { healthRoutes } from "./health";
import { invoiceRoutes } from "./invoices";
import { statsRoutes } from "./stats";

/**
 * Every route area, registered under /api by app.ts. A new area is one file in this folder and one line here.
 */
export const routeAreas: FastifyPluginAsync[] = [
  healthRoutes,
  configRoutes,
  authRoutes,
  invoiceRoutes,
  cropSyncRoutes,
  statsRoutes,
];
