import { goldTokenAbi } from "@farm/contracts/abi";
import type { MyMarketOrders } from "@farm/core";
import { apiGet, useT } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useCallback } from "react";
import { useConfig } from "wagmi";
import { readContract } from "wagmi/actions";
import { openOffersCost } from "./market-figures";
import { usePostOrder } from "./use-post-order";

/**
 * Making an offer: GOLD's `approve(market, total)` through the transactor when the market's allowance is short of the
 * offer's full cost plus the wallet's other open offers (a seller's acceptOffer moves the buyer's GOLD by allowance;
 * approving only this offer's cost would leave the others unfillable), then the EIP-712 offer signed in the wallet and
 * posted to the book, which checks the buyer's credential, GOLD balance and allowance (`usePostOrder`).
 */
export function useMakeOffer() {
  const t = useT();
  const config = useConfig();
  const { goldToken } = useFarmContracts();
  const order = usePostOrder("offer");
  const { post } = order;
  const offer = useCallback(
    (tokenId: string, shares: bigint, price: bigint, cost: bigint, expiryDays: number) =>
      post({ tokenId, shares, price, expiryDays }, async ({ address, market, tx }) => {
        const [allowance, mine] = await Promise.all([
          readContract(config, {
            address: goldToken,
            abi: goldTokenAbi,
            functionName: "allowance",
            args: [address, market],
          }),
          apiGet<MyMarketOrders>("/market/orders/mine"),
        ]);
        const needed = cost + openOffersCost(mine.items);
        if (allowance >= needed) return true;
        const receipt = await tx.send(
          { address: goldToken, abi: goldTokenAbi, functionName: "approve", args: [market, needed] },
          { label: t("market.stepApproveOffer") },
        );
        return receipt !== null;
      }),
    [config, goldToken, post, t],
  );
  return { ...order, offer, offered: order.posted };
}
