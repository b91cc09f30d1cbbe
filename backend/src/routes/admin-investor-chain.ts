import {
  adminInvestorVerificationSchema,
  errorBodySchema,
  freezeInvestorRequestSchema,
  investorIdParamsSchema,
  rebindInvestorRequestSchema,
} from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chainNow } from "../chain/clock";
import { fieldKeys } from "../documents/field-encryption";
import { adminView } from "../services/investors/admin-view";
import {
  approveVerification,
  freezeVerification,
  rebindVerification,
} from "../services/investors/chain-decisions";
import type { VerificationRow } from "../services/investors/status";
import { requireSession } from "../session";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

/** The admins' decisions that write a credential on chain from the operator, each answered once mined. */
export const adminInvestorChainRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole("admin");
  const keys = fieldKeys(app.config);
  const schema = (summary: string) => ({
    tags: ["admin"],
    summary,
    security: [{ session: [] }],
    params: investorIdParamsSchema,
    response: { 200: adminInvestorVerificationSchema, ...errors },
  });
  const answer = async (row: VerificationRow) =>
    adminView(app.db, keys, row, await chainNow(app.chain, app.log));

  app.post(
    "/admin/investors/:id/approve",
    {
      preHandler: adminOnly,
      schema: schema(
        "Approve a pending verification: the operator writes its credential on chain (setCredential)",
      ),
    },
    async (request) =>
      answer(await approveVerification(app, request.params.id, requireSession(request).address)),
  );

  app.post(
    "/admin/investors/:id/freeze",
    {
      preHandler: adminOnly,
      schema: {
        ...schema("Freeze or unfreeze an approved investor's credential on chain (setFrozen)"),
        body: freezeInvestorRequestSchema,
      },
    },
    async (request) =>
      answer(await freezeVerification(app, request.params.id, requireSession(request).address, request.body)),
  );

  app.post(
    "/admin/investors/:id/rebind",
    {
      preHandler: adminOnly,
      schema: {
        ...schema(
          "Move an approved verification to a new wallet (replaceCredential): the old credential is revoked",
        ),
        body: rebindInvestorRequestSchema,
      },
    },
    async (request) =>
      answer(
        await rebindVerification(
          app,
          request.params.id,
          requireSession(request).address,
          request.body.wallet,
          await chainNow(app.chain, request.log),
        ),
      ),
  );
};
