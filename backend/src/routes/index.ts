import type { FastifyPluginAsync } from "fastify";
import { notificationRoutes } from "../notifications/routes";
import { activityRoutes } from "./activity";
import { adminFarmerRoutes } from "./admin-farmers";
import { adminInvestorRoutes } from "./admin-investors";
import { adminInvoiceRoutes } from "./admin-invoices";
import { adminReviewRoutes } from "./admin-reviews";
import { almanacRoutes } from "./almanac";
import { authRoutes } from "./auth";
import { configRoutes } from "./config";
import { confirmationRoutes } from "./confirmations";
import { cropSyncRoutes } from "./crops";
import { disclosureRoutes } from "./disclosures";
import { farmerRoutes } from "./farmers";
import { gameRoutes } from "./game";
import { gardenRoutes } from "./garden";
import { healthRoutes } from "./health";
import { investorRoutes } from "./investors";
import { invoiceRoutes } from "./invoices";
import { leaderboardRoutes } from "./leaderboard";
import { marketRoutes } from "./market";
import { metadataRoutes } from "./metadata";
import { neighbourRoutes } from "./neighbours";
import { profileRoutes } from "./profile";
import { statementRoutes } from "./statements";
import { statsRoutes } from "./stats";

/**
 * Every route area, registered under /api by app.ts. A new area is one file in this folder and one line here.
 */
export const routeAreas: FastifyPluginAsync[] = [
  healthRoutes,
  configRoutes,
  authRoutes,
  farmerRoutes,
  adminFarmerRoutes,
  adminReviewRoutes,
  investorRoutes,
  adminInvestorRoutes,
  profileRoutes,
  invoiceRoutes,
  adminInvoiceRoutes,
  confirmationRoutes,
  cropSyncRoutes,
  statsRoutes,
  disclosureRoutes,
  gameRoutes,
  almanacRoutes,
  gardenRoutes,
  leaderboardRoutes,
  activityRoutes,
  statementRoutes,
  marketRoutes,
  neighbourRoutes,
  metadataRoutes,
  notificationRoutes,
];
