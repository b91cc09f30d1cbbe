import { useQuery } from "@tanstack/react-query";
import { type Address, isAddress } from "viem";
import { z } from "zod";
import { apiGet } from "../api/client";

/** `GET /api/config`: what the apps need to reach the chain; nothing about the chain is hard-coded in the apps. */
export type ChainConfig = {
  chainId: number;
  rpcUrl: string;
  contracts: { goldToken: Address; goldFaucet: Address; farmNft: Address; farmVault: Address } | null;
  devWallet: boolean;
  /** Blocks a transaction waits under before the backend's index shows it (0 on the local chain). */
  confirmations: number;
};

export const chainConfigQueryKey = ["config"] as const;

const address = z
  .string()
  .refine(isAddress, "not an address")
  .transform((value) => value as Address);
const chainConfigSchema = z.object({
  chainId: z.number().int().positive(),
  rpcUrl: z.string().min(1),
  contracts: z
    .object({ goldToken: address, goldFaucet: address, farmNft: address, farmVault: address })
    .nullable(),
  devWallet: z.boolean(),
  confirmations: z.number().int().nonnegative().default(0),
});

/** Checked with zod: a wrong answer here would send transactions to the wrong place. */
export async function fetchChainConfig(signal?: AbortSignal): Promise<ChainConfig> {
  return chainConfigSchema.parse(await apiGet<unknown>("/config", signal));
}

export function useChainConfig() {
  return useQuery({
    queryKey: chainConfigQueryKey,
    queryFn: ({ signal }) => fetchChainConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
