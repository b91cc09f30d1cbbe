import {
  documentRules,
  errorBodySchema,
  investorStatusSchema,
  investorVerificationCreatedSchema,
  riskAcceptanceRequestSchema,
  riskStatementStateSchema,
} from "@farm/core";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chainNow } from "../chain/clock";
import { documentFormLimits } from "../documents/multipart";
import { acceptRiskStatement, investorStatus } from "../services/investors/status";
import { submitVerification } from "../services/investors/verification";
import { requireSession } from "../session";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

export const investorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: documentFormLimits({ ktp: documentRules.ktp }, { files: 1, fields: 1, fieldSize: 16 * 1024 }),
  });

  app.post(
    "/investors/verification",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["investors"],
        summary: "Ask for investor verification (multipart: verification JSON and ktp)",
        description:
          "multipart/form-data with field `verification` (InvestorVerificationRequest JSON) and file `ktp` (JPEG, PNG or PDF, 5 MB; the type is checked from the bytes). 409 NIK_ALREADY_VERIFIED when another wallet holds an approved or pending verification with this NIK, 409 VERIFICATION_PENDING when this wallet has one waiting, 422 VERIFICATION_INVALID naming each field whose rule is broken.",
        consumes: ["multipart/form-data"],
        security: [{ session: [] }],
        response: {
          201: investorVerificationCreatedSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const created = await submitVerification(
        app,
        requireSession(request).address,
        request.parts(),
        await chainNow(app.chain, request.log),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/investors/me",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["investors"],
        summary:
          "The signed-in wallet's verification, credential (from the index), risk statement and whether it may invest",
        security: [{ session: [] }],
        response: { 200: investorStatusSchema, ...errors },
      },
    },
    async (request) =>
      investorStatus(
        app.db,
        requireSession(request).address,
        await chainNow(app.chain, request.log),
        app.config.investorRules.limitBps,
      ),
  );

  app.post(
    "/investors/risk-acceptance",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["investors"],
        summary:
          "Record that the signed-in wallet accepted the current risk statement (422 for another version)",
        security: [{ session: [] }],
        body: riskAcceptanceRequestSchema,
        response: { 201: riskStatementStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const state = await acceptRiskStatement(app.db, requireSession(request).address, request.body.version);
      return reply.status(201).send(state);
    },
  );
};
