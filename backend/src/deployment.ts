import { readFile } from "node:fs/promises";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { ConfigError } from "./config/config-error";

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

/** The deployment file's JSON; null when it does not exist; a ConfigError naming DEPLOYMENTS_FILE when unreadable. */
export async function readDeploymentJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new ConfigError(`Invalid DEPLOYMENTS_FILE ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid DEPLOYMENTS_FILE ${path}: not JSON (${(error as Error).message})`);
  }
}

/**
 * Reads the deployment file; null when it does not exist yet (contracts not deployed). A malformed file, or one for
 * another chain, throws a ConfigError whose one line names DEPLOYMENTS_FILE and the path.
 */
export async function readContractAddresses(
  path: string,
  chainId: number,
): Promise<ContractAddresses | null> {
  const json = await readDeploymentJson(path);
  if (json === null) return null;
  const parsed = deploymentFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid DEPLOYMENTS_FILE ${path}: ${issue?.path.join(".") || "the file"}: ${issue?.message ?? "malformed"}`,
    );
  }
  const deployment = parsed.data;
  if (deployment.chainId !== chainId) {
    throw new ConfigError(
      `Invalid DEPLOYMENTS_FILE ${path}: it is for chain ${deployment.chainId}, the backend runs on chain ${chainId} (NETWORK or CHAIN_ID)`,
    );
  }
  const { goldToken, goldFaucet, farmNft, farmVault, farmMarket } = deployment;
  return { goldToken, goldFaucet, farmNft, farmVault, ...(farmMarket ? { farmMarket } : {}) };
}
