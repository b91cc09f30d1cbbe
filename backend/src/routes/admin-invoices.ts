import {
  errorBodySchema,
  invoiceApprovalRequestSchema,
  invoiceDecisionsResponseSchema,
  invoiceParamsSchema,
  invoiceRejectionRequestSchema,
  invoiceReviewSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { latestInvoiceDecisions, recordInvoiceReview } from "../services/invoices/evidence";
import { requireSession } from "../session";

const reviewErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

/** The two decisions an admin records before sending them on chain with their own wallet. */
const decisions = [
  {
    action: "approve",
    path: "approval",
    body: invoiceApprovalRequestSchema,
    summary: "Record the admin's review before approving an invoice on chain with the admin's wallet",
    description:
      "Writes the audit row (admin, time, reason, the buyer's status). A reason is required unless the buyer confirmed the invoice: 422 APPROVAL_REASON_REQUIRED otherwise, disputes included. 409 when the invoice is no longer pending on chain.",
  },
  {
    action: "reject",
    path: "rejection",
    body: invoiceRejectionRequestSchema,
    summary: "Record the admin's reason before rejecting an invoice on chain with the admin's wallet",
    description:
      "Writes the audit row (admin, time, reason, the buyer's status) the decision history shows. 409 when the invoice is no longer pending on chain.",
  },
] as const;

export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const decision of decisions) {
    app.post(
      `/admin/invoices/:tokenId/${decision.path}`,
      {
        preHandler: app.requireRole("admin"),
        schema: {
          tags: ["admin"],
          summary: decision.summary,
          description: decision.description,
          security: [{ session: [] }],
          params: invoiceParamsSchema,
          body: decision.body,
          response: { 201: invoiceReviewSchema, ...reviewErrors },
        },
      },
      async (request, reply) => {
        const review = await recordInvoiceReview(
          app,
          BigInt(request.params.tokenId),
          requireSession(request).address,
          {
            action: decision.action,
            reason: request.body.reason,
          },
        );
        return reply.status(201).send(review);
      },
    );
  }

  app.get(
    "/admin/invoices/decisions",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary:
          "The latest admin decisions on invoices (who, when, reason, status on chain now), newest first",
        security: [{ session: [] }],
        response: { 200: invoiceDecisionsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ items: await latestInvoiceDecisions(app.db) }),
  );
};
