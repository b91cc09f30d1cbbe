import { farmNftAbi, roles } from "@farm/contracts";
import type { Address, PublicClient } from "viem";
import { ownWalletDecision } from "../../errors";

export interface AdminSource {
  /** Lower-case addresses configured as admins (ADMIN_ADDRESSES). */
  adminAddresses: string[];
  /** FarmNFT and a client of its chain, when the contracts are deployed. */
  chain: { client: PublicClient; farmNft: Address } | undefined;
}

/** Listed in ADMIN_ADDRESSES (the configuration of this process, read on every request, never cached). */
export const isConfiguredAdmin = (address: string, source: AdminSource): boolean =>
  source.adminAddresses.includes(address.toLowerCase());

/** Refuses (403) an admin's decision on a registration, verification or credential of its own wallet. */
export function refuseOwnWallet(adminAddress: string, ...wallets: string[]): void {
  const admin = adminAddress.toLowerCase();
  if (wallets.some((wallet) => wallet.toLowerCase() === admin)) throw ownWalletDecision();
}

/** Holding ADMIN_ROLE on FarmNFT; false without a deployment. Throws when the chain cannot answer. */
export async function holdsAdminRole(address: Address, source: AdminSource): Promise<boolean> {
  if (source.chain === undefined) return false;
  return source.chain.client.readContract({
    address: source.chain.farmNft,
    abi: farmNftAbi,
    functionName: "hasRole",
    args: [roles.ADMIN_ROLE, address],
  });
}
