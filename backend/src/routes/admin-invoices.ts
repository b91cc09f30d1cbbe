import {
  errorBodySchema,
  invoiceApprovalRequestSchema,
  invoiceParamsSchema,
  invoiceReviewSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordApprovalReview } from "../services/invoices-evidence";

export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/invoices/:tokenId/approval",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Record the admin's review before approving an invoice on chain with the admin's wallet",
        description:
          "Writes the audit row (admin, time, reason, the buyer's status). A reason is required unless the buyer confirmed the invoice: 422 APPROVAL_REASON_REQUIRED otherwise, disputes included. 409 when the invoice is no longer pending on chain.",
        security: [{ session: [] }],
        params: invoiceParamsSchema,
        body: invoiceApprovalRequestSchema,
        response: {
          201: invoiceReviewSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const review = await recordApprovalReview(
        app,
        BigInt(request.params.tokenId),
        request.session!.address,
        request.body.reason,
      );
      return reply.status(201).send(review);
    },
  );
};
