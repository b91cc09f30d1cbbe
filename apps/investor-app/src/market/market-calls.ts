import { farmErrorsAbi, farmMarketAbi } from "@farm/contracts/abi";
import type { MarketOrderView } from "@farm/core";
import { BaseError, UserRejectedRequestError } from "viem";

/**
 * FarmMarket's ABI with every error of the platform's contracts: a fill reverts with FarmNFT's own errors too (the
 * buyer's credential, a frozen seller) and GOLD's, and the transactor words only what its ABI decodes.
 */
export const marketCallAbi = [...farmMarketAbi, ...farmErrorsAbi] as const;

/** A listing as FarmMarket takes it (the struct the seller signed). */
export function listingStruct(
  order: Pick<MarketOrderView, "signer" | "tokenId" | "shares" | "price" | "expiry" | "nonce">,
) {
  return {
    seller: order.signer as `0x${string}`,
    tokenId: BigInt(order.tokenId),
    shares: BigInt(order.shares),
    price: BigInt(order.price),
    expiry: BigInt(order.expiry),
    nonce: BigInt(order.nonce),
  };
}

/** An offer as FarmMarket takes it (the struct the buyer signed). */
export function offerStruct(
  order: Pick<MarketOrderView, "signer" | "tokenId" | "shares" | "price" | "expiry" | "nonce">,
) {
  return {
    buyer: order.signer as `0x${string}`,
    tokenId: BigInt(order.tokenId),
    shares: BigInt(order.shares),
    price: BigInt(order.price),
    expiry: BigInt(order.expiry),
    nonce: BigInt(order.nonce),
  };
}

/** Whether the person said no in the wallet (then nothing else is tried). */
export function isUserRejection(error: unknown): boolean {
  return (
    error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof UserRejectedRequestError))
  );
}
