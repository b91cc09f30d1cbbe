import { z } from "zod";
import { addressSchema } from "./common";
import { marketConfigSchema } from "./market";

export const contractAddressesSchema = z.object({
  goldToken: addressSchema,
  goldFaucet: addressSchema,
  farmNft: addressSchema,
  farmVault: addressSchema,
});

/** What the apps need to reach the chain, so they never hard-code addresses. */
export const publicConfigSchema = z
  .object({
    chainId: z.number().int().positive(),
    /** RPC URL a browser can reach. */
    rpcUrl: z.string(),
    /** null until contracts are deployed on this chain. */
    contracts: contractAddressesSchema.nullable(),
    /** Whether the apps may offer the local dev wallet (anvil test accounts). */
    devWallet: z.boolean(),
    /** Blocks a transaction waits under before the index shows it: the apps show "n of N" meanwhile. */
    confirmations: z.number().int().nonnegative(),
    /** Whole Rupiah one GOLD is worth on this deployment, a decimal integer string (RUPIAH_PER_GOLD); null: none
     *  configured, so the apps show no Rupiah. */
    rupiahPerGold: z
      .string()
      .regex(/^[1-9][0-9]*$/)
      .nullable(),
    /** Who published the rate (RUPIAH_RATE_SOURCE), shown beside it. */
    rupiahRateSource: z.string().nullable(),
    /** The day the rate was read, YYYY-MM-DD (RUPIAH_RATE_DATE). */
    rupiahRateDate: z.iso.date().nullable(),
    /** The seed market (FarmMarket): its address, fee and fee recipient; null where the deployment has none (the
     *  market is off). */
    market: marketConfigSchema.nullable(),
  })
  .meta({ id: "PublicConfig" });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
