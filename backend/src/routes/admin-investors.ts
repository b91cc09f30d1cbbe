import {
  adminInvestorPageSchema,
  adminInvestorQuerySchema,
  adminInvestorVerificationSchema,
  errorBodySchema,
  investorIdParamsSchema,
  investorReviewsQuerySchema,
  investorReviewsResponseSchema,
  rejectInvestorRequestSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chainNow } from "../chain/clock";
import { documentDownload, sendStoredDocument } from "../documents/download";
import { fieldKeys } from "../documents/field-encryption";
import {
  adminView,
  findVerification,
  listInvestorReviews,
  listVerifications,
} from "../services/investors/admin-view";
import { rejectVerification } from "../services/investors/review";
import { requireSession } from "../session";
import { adminInvestorChainRoutes } from "./admin-investor-chain";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const adminInvestorRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole("admin");
  const keys = fieldKeys(app.config);

  app.get(
    "/admin/investors",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Investor verifications: pending first, oldest first; optionally one status",
        security: [{ session: [] }],
        querystring: adminInvestorQuerySchema,
        response: { 200: adminInvestorPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listVerifications(app.db, request.query);
      const now = await chainNow(app.chain, request.log);
      return {
        items: await Promise.all(page.rows.map((row) => adminView(app.db, keys, row, now))),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    "/admin/investors/reviews",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary:
          "The admins' decisions on investors, newest first (the latest 200), optionally of one wallet",
        security: [{ session: [] }],
        querystring: investorReviewsQuerySchema,
        response: { 200: investorReviewsResponseSchema, ...errors },
      },
    },
    async (request) => ({ items: await listInvestorReviews(app.db, request.query.wallet) }),
  );

  app.get(
    "/admin/investors/:id",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "One investor verification with its identity in clear and its credential as indexed",
        security: [{ session: [] }],
        params: investorIdParamsSchema,
        response: { 200: adminInvestorVerificationSchema, ...errors },
      },
    },
    async (request) =>
      adminView(
        app.db,
        keys,
        await findVerification(app.db, request.params.id),
        await chainNow(app.chain, request.log),
      ),
  );

  app.get(
    "/admin/investors/:id/ktp",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Download the investor's KTP (admins only)",
        security: [{ session: [] }],
        params: investorIdParamsSchema,
        produces: documentDownload.produces,
        response: { 200: documentDownload.body, ...errors },
      },
    },
    async (request, reply) => {
      const row = await findVerification(app.db, request.params.id);
      const document = {
        storageKey: row.ktpStorageKey,
        contentType: row.ktpContentType,
        sizeBytes: row.ktpSizeBytes,
        sha256: row.ktpSha256,
      };
      return sendStoredDocument(reply, app.storage, document, "ktp", "This document is missing");
    },
  );

  app.post(
    "/admin/investors/:id/reject",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Reject a pending verification with the reason the investor reads",
        security: [{ session: [] }],
        params: investorIdParamsSchema,
        body: rejectInvestorRequestSchema,
        response: { 200: adminInvestorVerificationSchema, ...errors },
      },
    },
    async (request) => {
      const row = await rejectVerification(
        app,
        request.params.id,
        requireSession(request).address,
        request.body.reason,
      );
      return adminView(app.db, keys, row, await chainNow(app.chain, request.log));
    },
  );

  await app.register(adminInvestorChainRoutes);
};
