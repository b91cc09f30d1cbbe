import { errorBodySchema, metadataParamsSchema, tokenMetadataSchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../errors";
import { findTokenFacts } from "../services/invoices/read";
import { cropImageSvg, tokenMetadata } from "../services/invoices/token-metadata";

/** A status can change at any block: wallets and explorers may keep an answer for a minute. */
const cacheControl = "public, max-age=60";

/** ERC-1155 metadata: FarmNFT's URI is `<PUBLIC_API_URL>/api/metadata/{id}` (set at deploy). */
export const metadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const published = async (id: bigint) => {
    const facts = await findTokenFacts(app.db, id);
    if (!facts) throw notFound(`No invoice token ${id}`);
    return facts;
  };

  app.get(
    "/metadata/:id",
    {
      schema: {
        tags: ["invoices"],
        summary: "ERC-1155 metadata JSON of an invoice token (the FarmNFT URI points here)",
        params: metadataParamsSchema,
        response: { 200: tokenMetadataSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const invoice = await published(request.params.id);
      reply.header("cache-control", cacheControl).header("access-control-allow-origin", "*");
      return tokenMetadata(invoice, app.config.publicApiUrl);
    },
  );

  app.get(
    "/metadata/:id/image.svg",
    {
      schema: {
        tags: ["invoices"],
        summary: "The crop's picture of an invoice token (SVG)",
        params: metadataParamsSchema,
        response: { 200: z.string().describe("image/svg+xml"), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const invoice = await published(request.params.id);
      return (
        reply
          .header("cache-control", cacheControl)
          .header("access-control-allow-origin", "*")
          // An SVG opened on its own is a document: it may not run or fetch anything.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .type("image/svg+xml")
          .send(cropImageSvg(invoice))
      );
    },
  );
};
