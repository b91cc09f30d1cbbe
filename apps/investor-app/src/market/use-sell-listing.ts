import { useT } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useCallback } from "react";
import { useConfig } from "wagmi";
import { ensureSharesApproved } from "./market-orders";
import { usePostOrder } from "./use-post-order";

/**
 * Listing shares: FarmNFT's `setApprovalForAll(market, true)` once (the market moves the shares when a buyer fills),
 * then the EIP-712 listing signed in the wallet and posted to the book (`usePostOrder`).
 */
export function useSellListing() {
  const t = useT();
  const config = useConfig();
  const { farmNft } = useFarmContracts();
  const order = usePostOrder("listing");
  const { post } = order;
  const list = useCallback(
    (tokenId: string, shares: bigint, price: bigint, expiryDays: number) =>
      post({ tokenId, shares, price, expiryDays }, ({ address, market, tx }) =>
        ensureSharesApproved(config, tx, {
          farmNft,
          owner: address,
          market,
          label: t("market.stepApproveShares"),
        }),
      ),
    [config, farmNft, post, t],
  );
  return { ...order, list, listed: order.posted };
}
