import {
  defaultedInvoicesResponseSchema,
  errorBodySchema,
  invoiceApprovalRequestSchema,
  invoiceDecisionsResponseSchema,
  invoiceParamsSchema,
  invoiceReasonedDecisionRequestSchema,
  invoiceReviewSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Hash } from "viem";
import {
  defaultedInvoices,
  latestInvoiceDecisions,
  recordInvoiceDecision,
} from "../services/invoices/decisions";
import { requireSession } from "../session";

const decisionErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

const verified =
  "The backend reads the receipt: it must be mined and succeeded (404 unknown hash, 409 TRANSACTION_PENDING, 409 TRANSACTION_REVERTED), sent by the signed-in admin to FarmNFT and emit the decision's event for this token (422 DECISION_TX_MISMATCH otherwise); one row per transaction (409 DECISION_ALREADY_RECORDED). FarmNFT refuses every decision to the invoice's own farmer (OwnInvoiceDecision, decision 0071): such a transaction fails and nothing is recorded.";

/** The five irreversible decisions an admin sends on chain with their own wallet, recorded once mined. */
const decisions = [
  {
    action: "approve",
    path: "approval",
    body: invoiceApprovalRequestSchema,
    summary: "Record an invoice approval (approveInvoice) from its mined transaction",
    description: `Writes the audit row (admin, time, reason, the buyer's status, the transaction). A reason is required unless the buyer confirmed the invoice: 422 APPROVAL_REASON_REQUIRED otherwise, disputes included, checked before the chain. A failed approval is 409 FUNDING_CLOSED when the funding window had closed, 409 INVOICE_NOT_PENDING when the invoice was already decided. ${verified}`,
  },
  {
    action: "reject",
    path: "rejection",
    body: invoiceReasonedDecisionRequestSchema,
    summary:
      "Record an invoice rejection (rejectInvoice) from its mined transaction, with the reason it sent",
    description: `Writes the audit row the decision history shows; the reason must be the one sent on chain. ${verified}`,
  },
  {
    action: "default",
    path: "default",
    body: invoiceReasonedDecisionRequestSchema,
    summary: "Record a declared default (markDefaulted) from its mined transaction, with the admin's reason",
    description: `Writes the audit row the decision history shows. ${verified}`,
  },
  {
    action: "settle",
    path: "settlement",
    body: invoiceReasonedDecisionRequestSchema,
    summary: "Record a settled default (settleDefault) from its mined transaction, with the admin's reason",
    description: `Writes the audit row the decision history shows. The contract refuses a settlement inside the default's recovery window (RecoveryWindowOpen): such a transaction fails and nothing is recorded. ${verified}`,
  },
  {
    action: "withdraw",
    path: "withdrawal",
    body: invoiceReasonedDecisionRequestSchema,
    summary:
      "Record an invoice withdrawal (withdrawInvoice: approved, not fully funded; holders refund) from its mined transaction, with the reason it sent",
    description: `Writes the audit row the decision history shows; the reason must be the one sent on chain (InvoiceWithdrawn). ${verified}`,
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
          response: { 201: invoiceReviewSchema, ...decisionErrors },
        },
      },
      async (request, reply) => {
        const review = await recordInvoiceDecision(
          app,
          BigInt(request.params.tokenId),
          requireSession(request).address,
          {
            action: decision.action,
            txHash: request.body.txHash as Hash,
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
          "The latest admin decisions on invoices (who, when, reason, transaction, status on chain now), newest first",
        security: [{ session: [] }],
        response: { 200: invoiceDecisionsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ items: await latestInvoiceDecisions(app.db) }),
  );

  app.get(
    "/admin/invoices/defaulted",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary:
          "Defaulted invoices awaiting settlement, from the index, with what was repaid at the default and since, and from when settlement is accepted",
        security: [{ session: [] }],
        response: { 200: defaultedInvoicesResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ items: await defaultedInvoices(app.db) }),
  );
};
