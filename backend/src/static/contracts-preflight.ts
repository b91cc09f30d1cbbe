import type { AppConfig } from "../config";
import { readContractAddresses } from "../deployment";

/**
 * Why the production server must not start: it serves the apps (SERVE_APPS) but no contracts are deployed on the
 * configured chain, so every page would look empty with no word of why. Null when it may start.
 */
export async function servingWithoutContracts(config: AppConfig): Promise<string | null> {
  if (config.apps.length === 0 || config.contractAddresses) return null;
  if (await readContractAddresses(config.deploymentsFile, config.chainId)) return null;
  return [
    `npm run serve: no contracts are deployed for chain ${config.chainId}: ${config.deploymentsFile} does not exist and GOLD_TOKEN_ADDRESS, GOLD_FAUCET_ADDRESS, FARM_NFT_ADDRESS and FARM_VAULT_ADDRESS are not set.`,
    "The apps would have nothing to show. Deploy the contracts (npm run deploy -w contracts, see docs/operations.md) and point DEPLOYMENTS_FILE or those variables at them, or run `npm start` for a local chain with everything deployed and seeded.",
  ].join("\n");
}
