import { z } from "zod";
import { activityPageSchema } from "./activity";
import {
  defaultedInvoicesResponseSchema,
  farmerReviewsResponseSchema,
  invoiceDecisionsResponseSchema,
} from "./admin-reviews";
import { almanacResponseSchema } from "./almanac";
import { nonceResponseSchema, sessionResponseSchema } from "./auth";
import { publicConfigSchema } from "./config";
import {
  buyerRecordSchema,
  invoiceDisclosureSchema,
  platformRecordSchema,
  platformVolumeSchema,
  repaymentRecordSchema,
} from "./disclosures";
import { farmerPageSchema, farmerSchema, publicFarmerSchema, registrationResponseSchema } from "./farmers";
import { cropsResponseSchema, waterResponseSchema } from "./game";
import { gameStateSchema, seasonsResponseSchema } from "./game-state";
import { visitResponseSchema } from "./game-visits";
import { gardenLayoutSchema, gardenSchema } from "./garden";
import { healthResponseSchema } from "./health";
import {
  adminInvestorPageSchema,
  adminInvestorVerificationSchema,
  investorReviewsResponseSchema,
  investorStatusSchema,
  investorVerificationCreatedSchema,
  invoiceTermsSchema,
  riskStatementStateSchema,
} from "./investors";
import { confirmationLinkSchema, confirmationViewSchema } from "./invoice-confirmation";
import { invoiceEvidenceSchema, invoiceReviewSchema, recordedBuyerDecisionSchema } from "./invoice-evidence";
import { invoicePageSchema, invoiceSchema, submitInvoiceResponseSchema } from "./invoices";
import { leaderboardResponseSchema } from "./leaderboard";
import { marketBookSchema, marketOrderViewSchema, myMarketOrdersSchema } from "./market";
import { tokenMetadataSchema } from "./metadata";
import { gardenVisibilitySchema, helpResponseSchema, myTeamSchema, publicGardenSchema } from "./neighbours";
import {
  addressVerificationLinkSchema,
  addressVerifiedSchema,
  deadNotificationsSchema,
  notificationInboxSchema,
  notificationPreferencesSchema,
  notificationRetriedSchema,
  unreadCountSchema,
  unsubscribedSchema,
} from "./notifications";
import { userProfileSchema } from "./profile";
import { statementSchema } from "./statements";
import { statsResponseSchema } from "./stats";

/** A JSON answer: its status and schema. */
interface JsonAnswer {
  status: 200 | 201;
  schema: z.ZodType;
}

/** The wallet's own record, or the short public one for any other reader. */
export const farmerViewSchema = farmerSchema.or(publicFarmerSchema);

/** The activity list as JSON, or as a CSV export (`format=csv`). */
export const activityAnswerSchema = z.union([
  activityPageSchema,
  z.string().meta({ description: "text/csv export" }),
]);

export const statementAnswerSchema = z.union([
  statementSchema,
  z.string().meta({ description: "text/csv export" }),
]);

/**
 * The success answer of every JSON operation of the API, by "METHOD /api/path" (":name" a path parameter): the one
 * contract both sides use. The backend's routes answer with exactly these schemas (a backend test holds each route to
 * its entry, and every JSON route to having one); the apps' client parses every answer against its entry in
 * development and tests. Operations answering bytes (documents, images) or nothing (204) are not listed.
 */
export const apiAnswers = {
  "GET /api/health": { status: 200, schema: healthResponseSchema },
  "GET /api/health/ready": { status: 200, schema: healthResponseSchema },
  "GET /api/config": { status: 200, schema: publicConfigSchema },
  "GET /api/auth/nonce": { status: 200, schema: nonceResponseSchema },
  "POST /api/auth/verify": { status: 200, schema: sessionResponseSchema },
  "GET /api/auth/session": { status: 200, schema: sessionResponseSchema },
  "POST /api/farmers/register": { status: 201, schema: registrationResponseSchema },
  "GET /api/farmers/me": { status: 200, schema: farmerSchema },
  "GET /api/farmers/:id": { status: 200, schema: farmerViewSchema },
  "GET /api/admin/farmers": { status: 200, schema: farmerPageSchema },
  "POST /api/admin/farmers/:id/approve": { status: 200, schema: farmerSchema },
  "POST /api/admin/farmers/:id/reject": { status: 200, schema: farmerSchema },
  "GET /api/admin/reviews": { status: 200, schema: farmerReviewsResponseSchema },
  "POST /api/investors/verification": { status: 201, schema: investorVerificationCreatedSchema },
  "GET /api/investors/me": { status: 200, schema: investorStatusSchema },
  "POST /api/investors/risk-acceptance": { status: 201, schema: riskStatementStateSchema },
  "GET /api/admin/investors": { status: 200, schema: adminInvestorPageSchema },
  "GET /api/admin/investors/reviews": { status: 200, schema: investorReviewsResponseSchema },
  "GET /api/admin/investors/:id": { status: 200, schema: adminInvestorVerificationSchema },
  "POST /api/admin/investors/:id/approve": { status: 200, schema: adminInvestorVerificationSchema },
  "POST /api/admin/investors/:id/reject": { status: 200, schema: adminInvestorVerificationSchema },
  "POST /api/admin/investors/:id/freeze": { status: 200, schema: adminInvestorVerificationSchema },
  "POST /api/admin/investors/:id/rebind": { status: 200, schema: adminInvestorVerificationSchema },
  "GET /api/user/profile": { status: 200, schema: userProfileSchema },
  "PATCH /api/user/profile": { status: 200, schema: userProfileSchema },
  "GET /api/user/activity": { status: 200, schema: activityAnswerSchema },
  "GET /api/user/statement": { status: 200, schema: statementAnswerSchema },
  "POST /api/invoices": { status: 201, schema: submitInvoiceResponseSchema },
  "GET /api/invoices/terms": { status: 200, schema: invoiceTermsSchema },
  "GET /api/invoices": { status: 200, schema: invoicePageSchema },
  "GET /api/invoices/:tokenId": { status: 200, schema: invoiceSchema },
  "GET /api/invoices/:tokenId/evidence": { status: 200, schema: invoiceEvidenceSchema },
  "POST /api/invoices/:tokenId/confirmation-link": { status: 201, schema: confirmationLinkSchema },
  "POST /api/admin/invoices/:tokenId/approval": { status: 201, schema: invoiceReviewSchema },
  "POST /api/admin/invoices/:tokenId/rejection": { status: 201, schema: invoiceReviewSchema },
  "POST /api/admin/invoices/:tokenId/default": { status: 201, schema: invoiceReviewSchema },
  "POST /api/admin/invoices/:tokenId/settlement": { status: 201, schema: invoiceReviewSchema },
  "POST /api/admin/invoices/:tokenId/withdrawal": { status: 201, schema: invoiceReviewSchema },
  "GET /api/admin/invoices/decisions": { status: 200, schema: invoiceDecisionsResponseSchema },
  "GET /api/admin/invoices/defaulted": { status: 200, schema: defaultedInvoicesResponseSchema },
  "GET /api/confirmations/:token": { status: 200, schema: confirmationViewSchema },
  "POST /api/confirmations/:token": { status: 200, schema: recordedBuyerDecisionSchema },
  "POST /api/crops/sync": { status: 200, schema: cropsResponseSchema },
  "GET /api/crops": { status: 200, schema: cropsResponseSchema },
  "GET /api/stats": { status: 200, schema: statsResponseSchema },
  "GET /api/record": { status: 200, schema: platformRecordSchema },
  "GET /api/record/volume": { status: 200, schema: platformVolumeSchema },
  "GET /api/records/farmers/:address": { status: 200, schema: repaymentRecordSchema },
  "GET /api/records/buyers/:buyerId": { status: 200, schema: buyerRecordSchema },
  "GET /api/invoices/:tokenId/disclosure": { status: 200, schema: invoiceDisclosureSchema },
  "GET /api/game/state": { status: 200, schema: gameStateSchema },
  "GET /api/game/almanac": { status: 200, schema: almanacResponseSchema },
  "POST /api/game/water": { status: 200, schema: waterResponseSchema },
  "GET /api/game/garden": { status: 200, schema: gardenSchema },
  "PUT /api/game/garden/layout": { status: 200, schema: gardenLayoutSchema },
  "POST /api/game/visits": { status: 200, schema: visitResponseSchema },
  "GET /api/leaderboard": { status: 200, schema: leaderboardResponseSchema },
  "GET /api/leaderboard/seasons": { status: 200, schema: seasonsResponseSchema },
  "GET /api/game/garden/visibility": { status: 200, schema: gardenVisibilitySchema },
  "PUT /api/game/garden/visibility": { status: 200, schema: gardenVisibilitySchema },
  "GET /api/gardens/:slug": { status: 200, schema: publicGardenSchema },
  "POST /api/gardens/:slug/help": { status: 200, schema: helpResponseSchema },
  "GET /api/teams/mine": { status: 200, schema: myTeamSchema },
  "POST /api/teams": { status: 201, schema: myTeamSchema },
  "POST /api/teams/join": { status: 200, schema: myTeamSchema },
  "GET /api/market": { status: 200, schema: marketBookSchema },
  "POST /api/market/orders": { status: 201, schema: marketOrderViewSchema },
  "GET /api/market/orders/mine": { status: 200, schema: myMarketOrdersSchema },
  "GET /api/market/orders/:signer/:nonce": { status: 200, schema: marketOrderViewSchema },
  "GET /api/metadata/:id": { status: 200, schema: tokenMetadataSchema },
  "GET /api/notifications": { status: 200, schema: notificationInboxSchema },
  "GET /api/notifications/unread": { status: 200, schema: unreadCountSchema },
  "POST /api/notifications/read": { status: 200, schema: unreadCountSchema },
  "GET /api/notifications/preferences": { status: 200, schema: notificationPreferencesSchema },
  "PUT /api/notifications/preferences": { status: 200, schema: notificationPreferencesSchema },
  "GET /api/notifications/verify/:token": { status: 200, schema: addressVerificationLinkSchema },
  "POST /api/notifications/verify/:token": { status: 200, schema: addressVerifiedSchema },
  "GET /api/notifications/unsubscribe/:token": { status: 200, schema: unsubscribedSchema },
  "POST /api/notifications/unsubscribe/:token": { status: 200, schema: unsubscribedSchema },
  "GET /api/admin/notifications/dead": { status: 200, schema: deadNotificationsSchema },
  "POST /api/admin/notifications/:id/retry": { status: 200, schema: notificationRetriedSchema },
} as const satisfies Record<string, JsonAnswer>;

export type ApiOperation = keyof typeof apiAnswers;

const operations = Object.keys(apiAnswers).map((key) => {
  const [method, path] = key.split(" ") as [string, string];
  return { key: key as ApiOperation, method, segments: path.split("/") };
});

/**
 * The operation a request goes to, from its method and URL (query ignored; ":name" segments match any one segment,
 * literal segments win), or null when the contract lists none.
 */
export function apiOperationOf(method: string, url: string): ApiOperation | null {
  const segments = url.split("?")[0]?.split("/") ?? [];
  let best: { key: ApiOperation; literals: number } | null = null;
  for (const operation of operations) {
    if (operation.method !== method.toUpperCase() || operation.segments.length !== segments.length) continue;
    let literals = 0;
    const matches = operation.segments.every((part, n) => {
      if (part.startsWith(":")) return (segments[n] ?? "") !== "";
      literals += 1;
      return part === segments[n];
    });
    if (matches && (best === null || literals > best.literals)) best = { key: operation.key, literals };
  }
  return best?.key ?? null;
}
