import { farmNftAbi } from "@farm/contracts/abi";
import type { ChainConfig } from "@farm/ui";
import { type Address, createClient, http } from "viem";
import { readContract } from "viem/actions";

/** One page covers the shop: the contract lists only approved invoices with funding still open. */
export const shopPageSize = 100n;

/**
 * `getAvailableInvoices()` read with a bare viem client over the platform's public RPC: the shop's truth for a
 * visitor who has not connected, without the wallet code (wagmi and its connectors) that buying needs. Loaded as its
 * own chunk when the shop asks. A plain client with the one action it runs, not `createPublicClient`: that one brings
 * every public action (signature checks with secp256k1, ENS, CCIP), 94 KB gzipped on the shop's first load against
 * 40 KB for this.
 */
export async function readAvailableInvoices(config: ChainConfig, farmNft: Address) {
  const client = createClient({ transport: http(config.rpcUrl, { retryCount: 1 }) });
  return readContract(client, {
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getAvailableInvoices",
    args: [0n, shopPageSize],
  });
}
