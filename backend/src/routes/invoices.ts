import {
  errorBodySchema,
  invoicePageSchema,
  invoiceParamsSchema,
  invoiceSchema,
  listInvoicesQuerySchema,
  submitInvoiceRequestSchema,
  submitInvoiceResponseSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forbidden, notFound, unauthenticated } from "../errors";
import { chainNow } from "../services/chain-clock";
import { findInvoice, listInvoices } from "../services/invoices-read";
import { submitInvoice } from "../services/invoices-submit";

const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,200}$/, "8 to 200 letters, digits or . _ : -")
    .optional(),
});

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/invoices",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["invoices"],
        summary:
          "Tokenise an invoice (approved farmers): stores its metadata and calls submitInvoice on chain",
        security: [{ session: [] }],
        headers: idempotencyHeaders,
        body: submitInvoiceRequestSchema,
        response: {
          201: submitInvoiceResponseSchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthenticated();
      const { farmer } = await app.identity.get(request.session.address);
      if (!farmer) throw forbidden("Register as a farmer before submitting invoices");
      if (farmer.status !== "approved") throw forbidden("Your farmer registration is not approved yet");
      const answer = await submitInvoice(
        app.db,
        app.chain,
        { id: farmer.id, address: request.session.address },
        request.body,
        request.headers["idempotency-key"],
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    "/invoices",
    {
      schema: {
        tags: ["invoices"],
        summary: "Invoices from the chain index with their metadata, newest first",
        querystring: listInvoicesQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) => listInvoices(app.db, request.query, await chainNow(app.chain, request.log)),
  );

  app.get(
    "/invoices/:tokenId",
    {
      schema: {
        tags: ["invoices"],
        summary: "One invoice: on-chain state from the index and its metadata",
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const invoice = await findInvoice(
        app.db,
        BigInt(request.params.tokenId),
        await chainNow(app.chain, request.log),
      );
      if (!invoice) throw notFound(`No invoice ${request.params.tokenId} in the index`);
      return invoice;
    },
  );
};
