import { farmNftAbi, goldTokenAbi } from "@farm/contracts/abi";
import {
  type MarketOrderInput,
  type MarketSide,
  type MyMarketOrders,
  marketTypedData,
  SECONDS_PER_DAY,
} from "@farm/core";
import { apiGet } from "@farm/ui";
import type { useTransactor } from "@farm/ui/wallet";
import type { Config } from "wagmi";
import { getBlock, readContract, signTypedData } from "wagmi/actions";
import { openOffersCost, randomNonce } from "./market-figures";

type Address = `0x${string}`;
type Transactor = ReturnType<typeof useTransactor>;

/**
 * FarmNFT's `setApprovalForAll(market, true)` through the transactor, only when `isApprovedForAll(owner, market)` reads
 * false (the market moves the shares when an order fills). Resolves true when the market may move the owner's shares,
 * false when the approval failed (the transactor's state says why); a read error throws.
 */
export async function ensureSharesApproved(
  config: Config,
  tx: Transactor,
  { farmNft, owner, market, label }: { farmNft: Address; owner: Address; market: Address; label: string },
): Promise<boolean> {
  const approved = await readContract(config, {
    address: farmNft,
    abi: farmNftAbi,
    functionName: "isApprovedForAll",
    args: [owner, market],
  });
  if (approved) return true;
  const receipt = await tx.send(
    { address: farmNft, abi: farmNftAbi, functionName: "setApprovalForAll", args: [market, true] },
    { label },
  );
  return receipt !== null;
}

/**
 * The GOLD allowance the market needs to move `cost` now and still fill every open offer of the signed-in wallet: an
 * `approve` or a permit sets the allowance rather than adding to it, so one for `cost` alone would leave those offers
 * unfillable once spent.
 */
export async function marketAllowanceFor(cost: bigint): Promise<bigint> {
  const mine = await apiGet<MyMarketOrders>("/market/orders/mine");
  return cost + openOffersCost(mine.items);
}

/**
 * GOLD's `approve(market, amount)` through the transactor, only when the market's allowance is below `amount`.
 * Resolves true when the market may move `amount`, false when the approval failed (the transactor's state says why).
 */
export async function ensureGoldAllowance(
  config: Config,
  tx: Transactor,
  {
    goldToken,
    owner,
    market,
    amount,
    label,
  }: {
    goldToken: Address;
    owner: Address;
    market: Address;
    amount: bigint;
    label: string;
  },
): Promise<boolean> {
  const allowance = await readContract(config, {
    address: goldToken,
    abi: goldTokenAbi,
    functionName: "allowance",
    args: [owner, market],
  });
  if (allowance >= amount) return true;
  const receipt = await tx.send(
    { address: goldToken, abi: goldTokenAbi, functionName: "approve", args: [market, amount] },
    { label },
  );
  return receipt !== null;
}

/**
 * One order's terms signed in the wallet: an expiry `expiryDays` after the chain's latest block, a random 64-bit nonce,
 * core's `marketTypedData` for the side (Listing or Offer); resolves with the order as `POST /market/orders` takes it.
 */
export async function signMarketOrder(
  config: Config,
  {
    side,
    signer,
    tokenId,
    shares,
    price,
    expiryDays,
    chainId,
    market,
  }: {
    side: MarketSide;
    signer: Address;
    tokenId: string;
    shares: bigint;
    price: bigint;
    expiryDays: number;
    chainId: number;
    market: Address;
  },
): Promise<MarketOrderInput> {
  const block = await getBlock(config);
  const terms = {
    side,
    signer,
    tokenId,
    shares: shares.toString(),
    price: price.toString(),
    expiry: (block.timestamp + BigInt(expiryDays * SECONDS_PER_DAY)).toString(),
    nonce: randomNonce().toString(),
  };
  const typed = marketTypedData(terms, chainId, market);
  const signature =
    typed.primaryType === "Listing"
      ? await signTypedData(config, {
          account: signer,
          domain: typed.domain,
          types: typed.types,
          primaryType: "Listing",
          message: typed.message,
        })
      : await signTypedData(config, {
          account: signer,
          domain: typed.domain,
          types: typed.types,
          primaryType: "Offer",
          message: typed.message,
        });
  return { ...terms, signature };
}
