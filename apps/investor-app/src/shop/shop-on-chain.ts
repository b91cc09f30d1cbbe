import { farmNftAbi } from "@farm/contracts/abi";
import type { ChainConfig } from "@farm/ui";
import { type Address, createPublicClient, http } from "viem";

/** One page covers the shop: the contract lists only approved invoices with funding still open. */
export const shopPageSize = 100n;

/**
 * `getAvailableInvoices()` read with a bare viem public client over the platform's public RPC: the shop's truth for a
 * visitor who has not connected, without the wallet code (wagmi and its connectors) that buying needs. Loaded as its
 * own chunk when the shop asks.
 */
export async function readAvailableInvoices(config: ChainConfig, farmNft: Address) {
  const client = createPublicClient({ transport: http(config.rpcUrl, { retryCount: 1 }) });
  return client.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getAvailableInvoices",
    args: [0n, shopPageSize],
  });
}
