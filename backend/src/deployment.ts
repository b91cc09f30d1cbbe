import { readFile } from "node:fs/promises";
import { getAddress, isAddress } from "viem";
import { z } from "zod";

/** A 0x address in any letter case, checksummed. */
export const addressSchema = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "not an address")
  .transform((value) => getAddress(value));

const deploymentFileSchema = z.object({
  chainId: z.number().int(),
  goldToken: addressSchema,
  goldFaucet: addressSchema,
  farmNft: addressSchema,
  farmVault: addressSchema,
  /** FarmMarket (issue 31); older deployment files have none, and the market is off. */
  farmMarket: addressSchema.optional(),
  blockNumber: z.number().int().nonnegative().optional(),
});

/**
 * The contract addresses of one chain, as written to contracts/deployments/<chainId>.json by the deploy script.
 * `farmMarket` is absent on a deployment from before the seed market: the market is then off.
 */
export type ContractAddresses = Pick<
  z.infer<typeof deploymentFileSchema>,
  "goldToken" | "goldFaucet" | "farmNft" | "farmVault"
> & { farmMarket?: `0x${string}` };

/** Reads the deployment file; null when it does not exist yet (contracts not deployed), throws when it is malformed. */
export async function readContractAddresses(
  path: string,
  chainId: number,
): Promise<ContractAddresses | null> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const deployment = deploymentFileSchema.parse(JSON.parse(text));
  if (deployment.chainId !== chainId) {
    throw new Error(`${path} is for chain ${deployment.chainId}, the backend is configured for ${chainId}`);
  }
  const { goldToken, goldFaucet, farmNft, farmVault, farmMarket } = deployment;
  return { goldToken, goldFaucet, farmNft, farmVault, ...(farmMarket ? { farmMarket } : {}) };
}
