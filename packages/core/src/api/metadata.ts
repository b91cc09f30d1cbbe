import { z } from "zod";

/**
 * `{id}` of the ERC-1155 metadata URI: the token id as 64 lower-case hex digits without 0x (what wallets substitute,
 * EIP-1155 "Metadata"), or in decimal for people.
 */
export const metadataParamsSchema = z.object({
  id: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[0-9]{1,78})$/, "64 hex digits or a decimal token id")
    .transform((id) => (id.length === 64 ? BigInt(`0x${id}`) : BigInt(id))),
});

/** ERC-1155 metadata JSON of one invoice token: only the invoice's terms and the farm's public facts. */
export const tokenMetadataSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /** An SVG of the crop, served by the API. */
    image: z.string(),
    /** Shares are GOLD base units of principal, so wallets show them in GOLD. */
    decimals: z.literal(18),
    properties: z.object({
      commodity: z.string(),
      termDays: z.number().int(),
      yieldBps: z.number().int(),
      /** Yield for the whole term, as a percentage with two decimals. */
      yieldForTerm: z.string(),
      status: z.string(),
      farm: z.string().nullable(),
      region: z.string().nullable(),
    }),
    /** The same facts in the list form marketplaces and explorers read. */
    attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
  })
  .meta({ id: "TokenMetadata" });
export type TokenMetadata = z.infer<typeof tokenMetadataSchema>;
