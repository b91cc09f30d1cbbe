import {
  addressInputSchema,
  buyerParamsSchema,
  buyerRecordSchema,
  errorBodySchema,
  invoiceDisclosureSchema,
  invoiceParamsSchema,
  platformRecordSchema,
  platformVolumeSchema,
  repaymentRecordSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chainNow } from "../chain/clock";
import {
  cachedInvoiceDisclosure,
  cachedPlatformRecord,
  readBuyerRecord,
} from "../services/disclosures/disclosures";
import { readRepaymentRecord } from "../services/disclosures/record";
import { sharedReading } from "../services/disclosures/shared-reading";
import { readPlatformVolume } from "../services/disclosures/volume";

const cachedPlatformVolume = sharedReading(readPlatformVolume);

const readErrors = { 400: errorBodySchema, 404: errorBodySchema };

/** Repayment records (TKB90/TWP90 and counts) and the fact sheet's disclosure, computed from the index at chain time. */
export const disclosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/record",
    {
      schema: {
        tags: ["disclosures"],
        summary:
          "The platform's repayment record (TKB90, TWP90) with total funded, lenders and borrowers; reused for up to 10 s",
        response: { 200: platformRecordSchema },
      },
    },
    async (request) => cachedPlatformRecord(app.db, await chainNow(app.chain, request.log)),
  );

  app.get(
    "/record/volume",
    {
      schema: {
        tags: ["disclosures"],
        summary:
          "The platform's funded and repaid GOLD by WIB month over the last 12 months, for the home pages' chart; reused for up to 10 s",
        response: { 200: platformVolumeSchema },
      },
    },
    async (request) => cachedPlatformVolume(app.db, await chainNow(app.chain, request.log)),
  );

  app.get(
    "/records/farmers/:address",
    {
      schema: {
        tags: ["disclosures"],
        summary: "A farmer's repayment record; a wallet never funded says noRecord",
        params: z.object({ address: addressInputSchema }),
        response: { 200: repaymentRecordSchema, ...readErrors },
      },
    },
    async (request) =>
      readRepaymentRecord(
        app.db,
        { kind: "farmer", farmer: request.params.address },
        await chainNow(app.chain, request.log),
      ),
  );

  app.get(
    "/records/buyers/:buyerId",
    {
      schema: {
        tags: ["disclosures"],
        summary: "A buyer's repayment record across the farmers it owes (decision 0054)",
        params: buyerParamsSchema,
        response: { 200: buyerRecordSchema, ...readErrors },
      },
    },
    async (request) =>
      readBuyerRecord(app.db, request.params.buyerId, await chainNow(app.chain, request.log)),
  );

  app.get(
    "/invoices/:tokenId/disclosure",
    {
      schema: {
        tags: ["disclosures"],
        summary: "The fact sheet's records for an invoice: its farmer's, its buyer's and the platform's",
        params: invoiceParamsSchema,
        response: { 200: invoiceDisclosureSchema, ...readErrors },
      },
    },
    async (request) =>
      cachedInvoiceDisclosure(app.db, BigInt(request.params.tokenId), await chainNow(app.chain, request.log)),
  );
};
