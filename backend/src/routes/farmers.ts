import {
  documentRules,
  errorBodySchema,
  farmerDocumentParamsSchema,
  farmerIdParamsSchema,
  farmerSchema,
  farmerViewSchema,
  registrationResponseSchema,
} from "@farm/core";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documentDownload, sendStoredDocument } from "../documents/download";
import { fieldKeys } from "../documents/field-encryption";
import { documentFormLimits } from "../documents/multipart";
import { forbidden, notFound, portalOnly } from "../errors";
import {
  findDocument,
  findFarmerById,
  findFarmerByWallet,
  listDocuments,
} from "../services/farmers/farmer-records";
import { toFarmer, toPublicFarmer } from "../services/farmers/farmer-view";
import { registerFarmer } from "../services/farmers/registration";
import { requireSession } from "../session";
import { throughInvestorApp } from "../static/plugin";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const farmerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: documentFormLimits(documentRules, { files: 3, fields: 2, fieldSize: 64 * 1024 }),
  });

  app.post(
    "/farmers/register",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["farmers"],
        summary:
          "Register the signed-in wallet as a farmer (multipart: profile JSON, ktp, npwp, bankStatement)",
        description:
          "multipart/form-data with field `profile` (FarmerRegistration JSON) and files `ktp`, `npwp` (JPEG, PNG or PDF, 5 MB) and `bankStatement` (PDF, 10 MB). Types are checked from the bytes.",
        consumes: ["multipart/form-data"],
        security: [{ session: [] }],
        response: {
          201: registrationResponseSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await registerFarmer(app, requireSession(request).address, request.parts());
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/farmers/me",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["farmers"],
        summary: "The signed-in wallet's farmer registration and its status",
        security: [{ session: [] }],
        response: { 200: farmerSchema, ...errors },
      },
    },
    async (request) => {
      const farmer = await findFarmerByWallet(app.db, requireSession(request).address);
      if (farmer === null) throw notFound("This wallet has not registered as a farmer");
      return toFarmer(farmer, await listDocuments(app.db, farmer.id), fieldKeys(app.config));
    },
  );

  app.get(
    "/farmers/:id",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["farmers"],
        summary: "A farmer: in full for the owner and admins; an approved farm's business facts for others",
        security: [{ session: [] }],
        params: farmerIdParamsSchema,
        response: { 200: farmerViewSchema, ...errors },
      },
    },
    async (request) => {
      const farmer = await findFarmerById(app.db, request.params.id);
      if (farmer === null) throw notFound("No such farmer");
      const session = requireSession(request);
      if (session.address === farmer.walletAddress || session.roles.includes("admin")) {
        return toFarmer(farmer, await listDocuments(app.db, farmer.id), fieldKeys(app.config));
      }
      // Another wallet learns nothing of a registration under review or refused, not even that it exists.
      if (farmer.status !== "approved") throw notFound("No such farmer");
      return toPublicFarmer(farmer);
    },
  );

  app.get(
    "/farmers/:id/documents/:kind",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["farmers"],
        summary: "Download a KYC document (owner or admin only)",
        security: [{ session: [] }],
        params: farmerDocumentParamsSchema,
        produces: documentDownload.produces,
        response: { 200: documentDownload.body, ...errors },
      },
    },
    async (request, reply) => {
      const farmer = await findFarmerById(app.db, request.params.id);
      const session = requireSession(request);
      // A stranger learns nothing, not even whether the farmer exists.
      const owner = farmer !== null && session.address === farmer.walletAddress;
      if (!owner && throughInvestorApp(request)) throw portalOnly();
      const allowed = farmer !== null && (owner || session.roles.includes("admin"));
      if (!allowed) throw forbidden("Only the farmer and admins may read these documents");
      const document = await findDocument(app.db, farmer.id, request.params.kind);
      return sendStoredDocument(
        reply,
        app.storage,
        document,
        request.params.kind,
        "This document is missing",
      );
    },
  );
};
