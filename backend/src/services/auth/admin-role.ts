import { type Address, keccak256, type PublicClient, toHex } from "viem";

/** keccak256("ADMIN_ROLE"), as FarmNFT defines it. */
export const adminRole = keccak256(toHex("ADMIN_ROLE"));

// Only the one function this check needs; the full ABI is the contracts package's.
const hasRoleAbi = [
  {
    type: "function",
    name: "hasRole",
    stateMutability: "view",
    inputs: [
      { name: "role", type: "bytes32" },
      { name: "account", type: "address" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

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
    abi: hasRoleAbi,
    functionName: "hasRole",
    args: [adminRole, address],
  });
}
