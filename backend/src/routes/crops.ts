import { cropSyncRequestSchema, cropsResponseSchema, errorBodySchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Hash } from "viem";
import { chainNow } from "../chain/clock";
import { syncInvestments } from "../chain/crop-sync";
import { unauthenticated } from "../errors";
import { listCrops } from "../services/game/crops";

export const cropSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/crops/sync",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["crops"],
        summary:
          "Record the signed-in wallet's investments in a mined transaction at once, verified on chain",
        security: [{ session: [] }],
        body: cropSyncRequestSchema,
        response: {
          200: cropsResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.session) throw unauthenticated();
      const { address } = request.session;
      const investments = await syncInvestments(app.db, app.chain, address, request.body.txHash as Hash);
      const planted = new Set(investments.map((investment) => investment.tokenId.toString()));
      const asOf = await chainNow(app.chain, request.log);
      const crops = await listCrops(app.db, address, { chainNow: asOf, wallNow: new Date() });
      return { crops: crops.filter((crop) => planted.has(crop.cropId)), asOf: asOf.toISOString() };
    },
  );
};
