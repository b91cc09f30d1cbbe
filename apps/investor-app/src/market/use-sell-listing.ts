import type { MarketOrderView } from "@farm/core";
import { apiErrorMessage, apiPost, useChainConfig, useT } from "@farm/ui";
import { describeTxError, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { ensureSharesApproved, signMarketOrder } from "./market-orders";
import { marketKeys } from "./use-market-book";

export type SellStep = "idle" | "approval" | "sign" | "posting" | "listed" | "failed";

/**
 * Listing shares: FarmNFT's `setApprovalForAll(market, true)` once (the market moves the shares when a buyer fills),
 * then the EIP-712 listing signed in the wallet (core's `marketTypedData`, a random 64-bit nonce, an expiry counted on
 * the chain's clock) and posted to the book, which checks it against the chain.
 */
export function useSellListing() {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const { farmNft } = useFarmContracts();
  const chain = useChainConfig().data;
  const market = chain?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SellStep>("idle");
  const [error, setError] = useState<string | null>(null);
  const [listed, setListed] = useState<MarketOrderView | null>(null);

  const list = useCallback(
    async (tokenId: string, shares: bigint, price: bigint, expiryDays: number) => {
      if (!address || !market || !chain) return;
      setError(null);
      setListed(null);
      setStep("approval");
      try {
        const approved = await ensureSharesApproved(config, tx, {
          farmNft,
          owner: address,
          market,
          label: t("market.stepApproveShares"),
        });
        if (!approved) {
          setStep("failed");
          return;
        }
        setStep("sign");
        const order = await signMarketOrder(config, {
          side: "listing",
          signer: address,
          tokenId,
          shares,
          price,
          expiryDays,
          chainId: chain.chainId,
          market,
        });
        setStep("posting");
        try {
          setListed(await apiPost<MarketOrderView>("/market/orders", order));
        } catch (postError) {
          setStep("failed");
          setError(apiErrorMessage(postError, t));
          return;
        }
        setStep("listed");
        await queryClient.invalidateQueries({ queryKey: marketKeys.all });
      } catch (walletError) {
        setStep("failed");
        setError(describeTxError(walletError, t));
      }
    },
    [address, chain, config, farmNft, market, queryClient, t, tx],
  );

  return {
    list,
    step,
    error,
    listed,
    txState: tx.state,
    busy: step === "approval" || step === "sign" || step === "posting",
  };
}
