import { dirname } from "node:path";
import { deployFarm, type FarmDeployment, writeDeployment } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";

/** Local roles by anvil account: #0 deploys and administers, #1 is the backend operator. */
export const localAdminKey = anvilKeys[0];
export const localOperatorKey = anvilKeys[1];

/**
 * Deploys and wires the four contracts on the local chain and writes the deployment file the backend reads. `apiUrl`
 * makes FarmNFT's URI the backend's metadata route, so wallets show the shares as GOLD with the crop's picture.
 */
export async function deployDemoContracts(
  rpcUrl: string,
  deploymentsFile: string,
  apiUrl: string,
): Promise<FarmDeployment> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport });
  const walletClient = createWalletClient({
    chain: foundry,
    transport,
    account: privateKeyToAccount(localAdminKey),
  });
  const deployment = await deployFarm({
    publicClient,
    walletClient,
    operator: privateKeyToAccount(localOperatorKey).address,
    uri: `${apiUrl}/api/metadata/{id}`,
  });
  await writeDeployment(deployment, dirname(deploymentsFile));
  return deployment;
}
