import {
  confirmationDecisionRequestSchema,
  confirmationParamsSchema,
  confirmationViewSchema,
  errorBodySchema,
  recordedBuyerDecisionSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documentDownload, sendStoredDocument } from "../documents/download";
import {
  confirmationDocument,
  decideConfirmation,
  readConfirmation,
} from "../services/invoices/confirmation";

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  422: errorBodySchema,
};

/** The buyer's side of a confirmation link: no session, the link's token is the only credential. */
export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/confirmations/:token",
    {
      schema: {
        tags: ["confirmations"],
        summary: "The invoice behind a buyer's confirmation link, with the recorded answer once there is one",
        params: confirmationParamsSchema,
        response: { 200: confirmationViewSchema, ...errors },
      },
    },
    async (request) => readConfirmation(app, request.params.token),
  );

  app.get(
    "/confirmations/:token/document",
    {
      schema: {
        tags: ["confirmations"],
        summary: "The invoice document, while the link is unanswered and unexpired (403 after the answer)",
        params: confirmationParamsSchema,
        produces: documentDownload.produces,
        response: { 200: documentDownload.body, ...errors },
      },
    },
    async (request, reply) => {
      const document = await confirmationDocument(app, request.params.token);
      return sendStoredDocument(reply, app.storage, document, "invoice", "This document is missing");
    },
  );

  app.post(
    "/confirmations/:token",
    {
      schema: {
        tags: ["confirmations"],
        summary:
          "The buyer confirms or disputes the invoice, once, optionally with an EIP-712 wallet signature",
        description:
          "The signature, when sent, is the BuyerConfirmation typed data (domain Farm, version 1, the chain id and FarmNFT of the view's `signing`) of this invoice's token id, number, amount, due date, document hash and the decision, by `signer`. 409 when the link was already used, 410 when it expired or was replaced, 422 SIGNER_NOT_BUYER when the signer is the invoice's farmer (or another wallet registered with the same e-mail or phone), the operator or an admin.",
        params: confirmationParamsSchema,
        body: confirmationDecisionRequestSchema,
        response: { 200: recordedBuyerDecisionSchema, ...errors },
      },
    },
    async (request) => decideConfirmation(app, request.params.token, request.body),
  );
};
