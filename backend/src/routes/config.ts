import { publicConfigSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { marketConfig } from "../services/market/market";

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/config",
    {
      schema: {
        tags: ["platform"],
        summary:
          "Chain, RPC URL, contract addresses and the seed market (address and fee; null when off) for the apps",
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      chainId: app.config.chainId,
      rpcUrl: app.config.publicRpcUrl,
      // The four core contracts; FarmMarket goes under `market` with its fee.
      contracts: app.contracts && {
        goldToken: app.contracts.goldToken,
        goldFaucet: app.contracts.goldFaucet,
        farmNft: app.contracts.farmNft,
        farmVault: app.contracts.farmVault,
      },
      devWallet: app.config.devWallet,
      confirmations: app.config.indexer.confirmations,
      rupiahPerGold: app.config.rupiahPerGold?.toString() ?? null,
      rupiahRateSource: app.config.rupiahRateSource,
      rupiahRateDate: app.config.rupiahRateDate,
      market: await marketConfig(app),
    }),
  );
};
