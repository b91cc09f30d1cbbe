import {
  errorBodySchema,
  marketBookQuerySchema,
  marketBookSchema,
  marketOrderParamsSchema,
  marketOrderSchema,
  marketOrderViewSchema,
  myMarketOrdersSchema,
} from "@farm/core";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chainNow } from "../chain/clock";
import { indexedBlock } from "../chain/indexer/cursor";
import { notFound } from "../errors";
import { type FundingCheck, readMarketBook, readMyOrders } from "../services/market/book";
import { unfillableOrders } from "../services/market/funding";
import { marketAddressOf } from "../services/market/market";
import { postMarketOrder, readOrderNow } from "../services/market/orders";
import { requireSession } from "../session";

/**
 * The seed market's book (issue 31): signed listings and offers kept off chain, validated against the chain when
 * posted, filled by FarmMarket. Cancelling is FarmMarket's `cancel(nonce)`; the index drops the order. On a deployment
 * without FarmMarket every route answers 404 MARKET_OFF.
 */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * What the book is judged by (404 MARKET_OFF without a market): the chain's time, and the check of what FarmMarket
   * would refuse now, read once per signer and indexed block.
   */
  const chainView = async (request: FastifyRequest) => {
    marketAddressOf(app);
    const [now, block] = await Promise.all([
      chainNow(app.chain, request.log),
      indexedBlock(app.db, app.chain.chainId),
    ]);
    const unfillable: FundingCheck = (orders) =>
      unfillableOrders(app.chain, request.log, block ?? -1, orders);
    return { now, unfillable };
  };

  app.get(
    "/market",
    {
      schema: {
        tags: ["market"],
        summary:
          "The book: live listings (lowest price first) or offers (highest first), newest first at a price, keyset-paged; each with its invoice's state, face value, cost, discount, implied yield and the farmer's and buyer's records",
        querystring: marketBookQuerySchema,
        response: { 200: marketBookSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { now, unfillable } = await chainView(request);
      return readMarketBook(app.db, request.query, now, unfillable);
    },
  );

  app.post(
    "/market/orders",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["market"],
        summary: "Post a signed listing or offer of the signed-in wallet to the book",
        description:
          "The EIP-712 signature must be the signer's (the signed-in wallet) over these terms, this chain and the market's address. Refusals: 422 ORDER_SIGNATURE_INVALID, PRICE_OUT_OF_RANGE (0 < price <= 2e18), ORDER_EXPIRED, ORDER_EXPIRY_TOO_FAR (90 days), NOT_TRADABLE (only funded and defaulted invoices trade), INSUFFICIENT_SHARES, WALLET_FROZEN, BUYER_NOT_VERIFIED, BUYER_LIMIT_EXCEEDED, INSUFFICIENT_GOLD, LISTINGS_EXCEED_SHARES (with the wallet's live listings of the invoice it would list more than it holds), OFFERS_EXCEED_FUNDS (with its live offers it would pay more GOLD than it holds and allows the market, or buy past its limit); 409 ORDER_NONCE_USED (filled, cancelled or already in the book), MARKET_APPROVAL_MISSING (setApprovalForAll on FarmNFT), GOLD_ALLOWANCE_MISSING, TOO_MANY_OPEN_ORDERS (MARKET_MAX_OPEN_ORDERS live orders a wallet).",
        security: [{ session: [] }],
        body: marketOrderSchema,
        response: {
          201: marketOrderViewSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const wallet = requireSession(request).address;
      const order = await postMarketOrder(app, wallet, request.body, await chainNow(app.chain, request.log));
      return reply.status(201).send(order);
    },
  );

  app.get(
    "/market/orders/mine",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["market"],
        summary:
          "The signed-in wallet's own orders, newest first, with their status (open, filled, cancelled, expired, unfunded, " +
          "frozen, unverified)",
        security: [{ session: [] }],
        response: { 200: myMarketOrdersSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { now, unfillable } = await chainView(request);
      return { items: await readMyOrders(app.db, requireSession(request).address, now, unfillable) };
    },
  );

  app.get(
    "/market/orders/:signer/:nonce",
    {
      schema: {
        tags: ["market"],
        summary:
          "One order by its signer and nonce, with the chain's fill counter when it is ahead of the index",
        params: marketOrderParamsSchema,
        response: { 200: marketOrderViewSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const now = await chainNow(app.chain, request.log);
      const order = await readOrderNow(app, request.params.signer, BigInt(request.params.nonce), now);
      if (!order) throw notFound("No order has this signer and nonce");
      return order;
    },
  );
};
