import { farmNftAbi, roles } from "@farm/contracts";
import type { Address, PublicClient } from "viem";

export interface AdminSource {
  /** Lower-case addresses configured as admins (ADMIN_ADDRESSES). */
  adminAddresses: string[];
  /** FarmNFT and a client of its chain, when the contracts are deployed. */
  chain: { client: PublicClient; farmNft: Address } | undefined;
}

/** Admin when listed in ADMIN_ADDRESSES or holding ADMIN_ROLE on FarmNFT. Throws when the chain cannot answer. */
export async function isAdmin(address: Address, source: AdminSource): Promise<boolean> {
  if (source.adminAddresses.includes(address.toLowerCase())) return true;
  if (source.chain === undefined) return false;
  return source.chain.client.readContract({
    address: source.chain.farmNft,
    abi: farmNftAbi,
    functionName: "hasRole",
    args: [roles.ADMIN_ROLE, address],
  });
}
