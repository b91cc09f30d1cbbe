import { publicConfigSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/config",
    {
      schema: {
        tags: ["platform"],
        summary: "Chain, RPC URL and contract addresses for the apps",
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      chainId: app.config.chainId,
      rpcUrl: app.config.publicRpcUrl,
      contracts: app.contracts,
      devWallet: app.config.devWallet,
      confirmations: app.config.indexer.confirmations,
      rupiahPerGold: app.config.rupiahPerGold?.toString() ?? null,
      rupiahRateSource: app.config.rupiahRateSource,
      rupiahRateDate: app.config.rupiahRateDate,
    }),
  );
};
