import { useT } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useCallback } from "react";
import { useConfig } from "wagmi";
import { ensureGoldAllowance, marketAllowanceFor } from "./market-orders";
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
      post({ tokenId, shares, price, expiryDays }, async ({ address, market, tx }) =>
        ensureGoldAllowance(config, tx, {
          goldToken,
          owner: address,
          market,
          amount: await marketAllowanceFor(cost),
          label: t("market.stepApproveOffer"),
        }),
      ),
    [config, goldToken, post, t],
  );
  return { ...order, offer, offered: order.posted };
}
