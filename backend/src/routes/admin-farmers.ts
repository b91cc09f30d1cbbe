import {
  adminFarmerQuerySchema,
  errorBodySchema,
  farmerIdParamsSchema,
  farmerPageSchema,
  farmerSchema,
  rejectFarmerRequestSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldKeys } from "../documents/field-encryption";
import { listFarmers } from "../services/farmers/farmer-queue";
import { listDocuments } from "../services/farmers/farmer-records";
import { toFarmer } from "../services/farmers/farmer-view";
import { reviewFarmer } from "../services/farmers/review";
import { requireSession } from "../session";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const adminFarmerRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole("admin");

  app.get(
    "/admin/farmers",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Farmer registrations, oldest first, optionally by status",
        security: [{ session: [] }],
        querystring: adminFarmerQuerySchema,
        response: { 200: farmerPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listFarmers(app.db, request.query);
      return {
        items: page.rows.map(({ farmer, documents }) => toFarmer(farmer, documents, fieldKeys(app.config))),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.post(
    "/admin/farmers/:id/approve",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Approve a pending registration",
        security: [{ session: [] }],
        params: farmerIdParamsSchema,
        response: { 200: farmerSchema, ...errors },
      },
    },
    async (request) => {
      const farmer = await reviewFarmer(app, request.params.id, requireSession(request).address, {
        action: "approve",
      });
      return toFarmer(farmer, await listDocuments(app.db, farmer.id), fieldKeys(app.config));
    },
  );

  app.post(
    "/admin/farmers/:id/reject",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary:
          "Reject a pending registration: a reason the farmer sees and/or the documents and fields refused",
        security: [{ session: [] }],
        params: farmerIdParamsSchema,
        body: rejectFarmerRequestSchema,
        response: { 200: farmerSchema, ...errors },
      },
    },
    async (request) => {
      const farmer = await reviewFarmer(app, request.params.id, requireSession(request).address, {
        action: "reject",
        reason: request.body.reason,
        refused: request.body.refused,
      });
      return toFarmer(farmer, await listDocuments(app.db, farmer.id), fieldKeys(app.config));
    },
  );
};
