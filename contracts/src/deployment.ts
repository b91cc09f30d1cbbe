import { type Address, getAddress } from "viem";
import { z } from "zod";

/** Where the contracts of one chain live; blockNumber is the deployment block, the indexer's start. */
export interface FarmDeployment {
  chainId: number;
  goldToken: Address;
  goldFaucet: Address;
  farmNft: Address;
  farmVault: Address;
  /** The seed market (decision 0058); missing in a file written before it existed: the market is then off. */
  farmMarket?: Address;
  deployer: Address;
  blockNumber: number;
}

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "not an address")
  .transform((value) => getAddress(value));

export const farmDeploymentSchema = z.object({
  chainId: z.number().int().positive(),
  goldToken: address,
  goldFaucet: address,
  farmNft: address,
  farmVault: address,
  farmMarket: address.optional(),
  deployer: address,
  blockNumber: z.number().int().nonnegative(),
});

/** Checks a parsed deployment file and checksums its addresses; throws naming the bad field. */
export function parseDeployment(value: unknown): FarmDeployment {
  const result = farmDeploymentSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `invalid deployment: ${issue?.path.join(".") || "(root)"} ${issue?.message ?? ""}`.trim(),
    );
  }
  return result.data;
}
