import {
  confirmationLinkSchema,
  errorBodySchema,
  invoiceDocumentParamsSchema,
  invoiceDocumentRules,
  invoiceEvidenceSchema,
  invoicePageSchema,
  invoiceParamsSchema,
  invoiceSchema,
  invoiceTermsSchema,
  listInvoicesQuerySchema,
  MAX_TENOR_DAYS,
  MIN_TENOR_DAYS,
  submitInvoiceResponseSchema,
} from "@farm/core";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chainNow } from "../chain/clock";
import { documentDownload, sendStoredDocument } from "../documents/download";
import { documentFormLimits } from "../documents/multipart";
import { forbidden, notFound, unauthenticated, unsupportedMediaType } from "../errors";
import { createConfirmationLink } from "../services/invoices/confirmation";
import {
  findInvoiceDocument,
  invoiceEvidence,
  invoiceForEvidenceReader,
} from "../services/invoices/evidence";
import { maxDailyFeeOf } from "../services/invoices/fee-cap";
import { findInvoice, type InvoiceViewer, listInvoices } from "../services/invoices/read";
import { submitInvoiceWithEvidence } from "../services/invoices/upload";
import { requireSession } from "../session";

const readErrors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,200}$/, "8 to 200 letters, digits or . _ : -")
    .optional(),
});

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // A pending or rejected invoice is its farmer's and the admins' business only.
  const viewerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<InvoiceViewer> => {
    const session = await app.optionalSession(request, reply);
    return { address: session?.address ?? null, admin: session?.roles.includes("admin") ?? false };
  };

  await app.register(multipart, {
    limits: documentFormLimits(invoiceDocumentRules, { files: 2, fields: 1, fieldSize: 16 * 1024 }),
  });

  app.post(
    "/invoices",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["invoices"],
        summary:
          "Tokenise an invoice with its evidence (approved farmers; multipart: invoice JSON, document, deliveryProof)",
        description:
          "multipart/form-data with field `invoice` (SubmitInvoiceRequest JSON), file `document` (the invoice itself: PDF, JPEG or PNG, 10 MB, required) and file `deliveryProof` (delivery note, weighbridge ticket or photo: PDF, JPEG or PNG, 10 MB, optional). Types are checked from the bytes; each file's SHA-256 is recorded and the document's is committed on chain with the invoice (`InvoiceSubmitted.documentHash`). Nothing is kept when anything fails. Refused: a buyer contact that is the farmer's own e-mail or phone (its registration's, the same person's other registrations', its verified notification address; 422 BUYER_CONTACT_IS_FARMER), an amount under INVOICE_MIN_AMOUNT or a financing fee under INVOICE_MIN_FEE (422), a document already on one of the farmer's invoices (409 DUPLICATE_DOCUMENT), more than INVOICE_MAX_PENDING_PER_FARMER invoices waiting for review (409) or INVOICE_SUBMISSIONS_PER_HOUR submissions in an hour (429).",
        consumes: ["multipart/form-data"],
        security: [{ session: [] }],
        headers: idempotencyHeaders,
        response: {
          201: submitInvoiceResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthenticated();
      const { farmer } = await app.identity.get(request.session.address);
      if (!farmer) throw forbidden("Register as a farmer before submitting invoices");
      if (farmer.status !== "approved") throw forbidden("Your farmer registration is not approved yet");
      if (!request.isMultipart())
        throw unsupportedMediaType(
          "Send multipart/form-data: field invoice (JSON) and file document (the invoice itself)",
        );
      const answer = await submitInvoiceWithEvidence(
        app,
        { id: farmer.id, address: request.session.address },
        request.parts(),
        request.headers["idempotency-key"],
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    "/invoices/:tokenId/evidence",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["invoices"],
        summary:
          "An invoice's evidence: documents, buyer contact, the buyer's answer, admin reviews (farmer and admins only)",
        security: [{ session: [] }],
        params: invoiceParamsSchema,
        response: { 200: invoiceEvidenceSchema, ...readErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const row = await invoiceForEvidenceReader(app.db, session, BigInt(request.params.tokenId));
      return invoiceEvidence(app, row, { admin: session.roles.includes("admin") });
    },
  );

  app.get(
    "/invoices/:tokenId/documents/:kind",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["invoices"],
        summary: "Download an invoice's document or delivery proof (farmer and admins only)",
        security: [{ session: [] }],
        params: invoiceDocumentParamsSchema,
        produces: documentDownload.produces,
        response: { 200: documentDownload.body, ...readErrors },
      },
    },
    async (request, reply) => {
      const row = await invoiceForEvidenceReader(
        app.db,
        requireSession(request),
        BigInt(request.params.tokenId),
      );
      const document = await findInvoiceDocument(app.db, row.id, request.params.kind);
      return sendStoredDocument(
        reply,
        app.storage,
        document,
        `invoice-${row.tokenId}-${request.params.kind}`,
        "This invoice has no such document",
      );
    },
  );

  app.post(
    "/invoices/:tokenId/confirmation-link",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["invoices"],
        summary:
          "E-mails the buyer a new single-use link to confirm or dispute the invoice (the invoice's farmer only)",
        description:
          "The platform sends the link to the buyer's e-mail address through the notifications outbox; the answer names only the masked address and the expiry, never the link (only its SHA-256 is stored). It expires after CONFIRMATION_LINK_TTL_DAYS days and revokes the invoice's earlier unused links. 409 once the buyer has answered, 409 BUYER_OPTED_OUT when the buyer's address unsubscribed from these e-mails; 422 BUYER_CONTACT_NOT_EMAIL when the buyer's contact is a phone number (no text-message channel), 422 BUYER_CONTACT_IS_FARMER when it is the e-mail of a farmer registration or of the farmer's verified notification address; 429 TOO_MANY_CONFIRMATION_LINKS past CONFIRMATION_LINKS_PER_INVOICE_PER_DAY (3) for the invoice or CONFIRMATION_LINKS_PER_FARMER_PER_DAY (20) for the farmer in a UTC day (details.retryAt: the next 00:00 UTC).",
        security: [{ session: [] }],
        params: invoiceParamsSchema,
        response: {
          201: confirmationLinkSchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const link = await createConfirmationLink(
        app,
        requireSession(request).address,
        BigInt(request.params.tokenId),
      );
      return reply.status(201).send(link);
    },
  );

  app.get(
    "/invoices/terms",
    {
      schema: {
        tags: ["invoices"],
        summary:
          "What a submission must respect: FarmNFT's daily fee cap (read from the chain, cached briefly), tenor bounds, minimum amount and fee",
        response: { 200: invoiceTermsSchema, 503: errorBodySchema },
      },
    },
    async () => ({
      maxDailyFee: await maxDailyFeeOf(app.chain),
      minTenorDays: MIN_TENOR_DAYS,
      maxTenorDays: MAX_TENOR_DAYS,
      minAmount: app.config.invoiceRules.minAmount.toString(),
      minFee: app.config.invoiceRules.minFee.toString(),
    }),
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
    async (request, reply) =>
      listInvoices(
        app.db,
        request.query,
        await chainNow(app.chain, request.log),
        await viewerOf(request, reply),
      ),
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
    async (request, reply) => {
      const invoice = await findInvoice(
        app.db,
        BigInt(request.params.tokenId),
        await chainNow(app.chain, request.log),
        await viewerOf(request, reply),
      );
      if (!invoice) throw notFound(`No invoice ${request.params.tokenId} in the index`);
      return invoice;
    },
  );
};
