import { ONE_GOLD } from "@farm/core";
import { marketOrderDomain, marketOrderTypes } from "@farm/testkit";
import { type Address, type Hex, maxUint256, type TypedDataDomain } from "viem";
import type { Farm, Wallet } from "./farm";

// Orders of the seed market (decision 0058) as the apps sign them: EIP-712 typed data for FarmMarket's domain.

export interface Listing {
  seller: Address;
  tokenId: bigint;
  shares: bigint;
  price: bigint;
  expiry: bigint;
  nonce: bigint;
}
export type Offer = Omit<Listing, "seller"> & { buyer: Address };

export const orderTypes = marketOrderTypes;

/** FarmMarket's EIP-712 domain on the farm's chain; a test replays an order by overriding chain or contract. */
export function marketDomain(f: Farm, overrides: Partial<TypedDataDomain> = {}): TypedDataDomain {
  return { ...marketOrderDomain(f.chain.id, f.deployment.farmMarket), ...overrides };
}

export function signListing(signer: Wallet, listing: Listing, domain: TypedDataDomain): Promise<Hex> {
  return signer.account.signTypedData({
    domain,
    types: orderTypes,
    primaryType: "Listing",
    message: listing,
  } as never);
}

export function signOffer(signer: Wallet, offer: Offer, domain: TypedDataDomain): Promise<Hex> {
  return signer.account.signTypedData({
    domain,
    types: orderTypes,
    primaryType: "Offer",
    message: offer,
  } as never);
}

let nonces = 0n;
/** A fresh nonce per order, as the apps' random 64-bit values are. */
export const nextNonce = () => {
  nonces += 1n;
  return 1_000n + nonces;
};

export interface OrderTerms {
  price?: bigint;
  expiry?: bigint;
  nonce?: bigint;
}

/** A listing of `shares` shares of `tokenId` by `seller`, at par and valid for a day unless said otherwise. */
export async function listingBy(
  f: Farm,
  seller: Wallet,
  tokenId: bigint,
  shares: bigint,
  order: OrderTerms = {},
): Promise<Listing> {
  return {
    seller: seller.account.address,
    tokenId,
    shares,
    price: order.price ?? ONE_GOLD,
    expiry: order.expiry ?? (await f.now()) + 86_400n,
    nonce: order.nonce ?? nextNonce(),
  };
}

/** An offer by `buyer` for `shares` shares of `tokenId`, at par and valid for a day unless said otherwise. */
export async function offerBy(
  f: Farm,
  buyer: Wallet,
  tokenId: bigint,
  shares: bigint,
  order: OrderTerms = {},
): Promise<Offer> {
  const { seller: _, ...rest } = await listingBy(f, buyer, tokenId, shares, order);
  return { buyer: buyer.account.address, ...rest };
}

/** GOLD a fill of `amount` shares at `price` costs: rounded up, as FarmMarket does. */
export function tradeCost(amount: bigint, price: bigint): bigint {
  const product = amount * price;
  return product === 0n ? 0n : (product - 1n) / ONE_GOLD + 1n;
}

/** Each wallet lets the market move its shares and its GOLD, as the apps ask once. */
export async function readyToTrade(f: Farm, ...wallets: Wallet[]): Promise<void> {
  for (const wallet of wallets) {
    await f.mined(f.as(wallet).nft.write.setApprovalForAll([f.deployment.farmMarket, true]));
    await f.mined(f.as(wallet).gold.write.approve([f.deployment.farmMarket, maxUint256]));
  }
}

/** An invoice funded in full by `holder` (1,000 GOLD unless said otherwise): Funded, its shares all `holder`'s. */
export async function fundedBy(f: Farm, holder: Wallet, amount = 1_000n * ONE_GOLD): Promise<bigint> {
  const tokenId = await f.open({ amount });
  await f.invest(holder, tokenId, amount);
  return tokenId;
}
