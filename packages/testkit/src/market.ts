import type { Address, TypedDataDomain } from "viem";

// The seed market's EIP-712 orders (decision 0058) for tests, benchmarks and fixtures that sign them as a wallet would.

/** Listing and Offer share every field after the signer's address. */
const orderTerms = (["tokenId", "shares", "price", "expiry", "nonce"] as const).map(
  (name) => ({ name, type: "uint256" }) as const,
);

/** FarmMarket's typed-data types: `Listing(address seller,...)` and `Offer(address buyer,...)`. */
export const marketOrderTypes = {
  Listing: [{ name: "seller", type: "address" } as const, ...orderTerms],
  Offer: [{ name: "buyer", type: "address" } as const, ...orderTerms],
};

/** FarmMarket's EIP-712 domain: name "FarmMarket", version "1", on `chainId` at `market`. */
export function marketOrderDomain(chainId: number, market: Address): TypedDataDomain {
  return { name: "FarmMarket", version: "1", chainId, verifyingContract: market };
}
