import type { MarketOrderView, MarketSide } from "@farm/core";
import { apiErrorMessage, apiPost, useChainConfig, useT } from "@farm/ui";
import { describeTxError, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { signMarketOrder } from "./market-orders";
import { marketKeys } from "./use-market-book";

export type PostStep = "idle" | "approval" | "sign" | "posting" | "posted" | "failed";

/** What an order's terms are before signing: the expiry is counted on the chain's clock when it is signed. */
export interface OrderTerms {
  tokenId: string;
  shares: bigint;
  price: bigint;
  expiryDays: number;
}

/** The approval an order needs before it can fill (shares for a listing, GOLD for an offer); false: it failed. */
export type PrepareOrder = (context: {
  address: `0x${string}`;
  market: `0x${string}`;
  tx: ReturnType<typeof useTransactor>;
}) => Promise<boolean>;

/**
 * One signed order from the wallet to the book, for the sell and the offer forms alike: the approval it needs
 * (`prepare`, through the transactor), the EIP-712 order signed in the wallet (`signMarketOrder`), then
 * `POST /market/orders`, which checks it against the chain; the book is read again afterwards.
 */
export function usePostOrder(side: MarketSide) {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const chain = useChainConfig().data;
  const market = chain?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PostStep>("idle");
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState<MarketOrderView | null>(null);

  const post = useCallback(
    async (terms: OrderTerms, prepare: PrepareOrder) => {
      if (!address || !market || !chain) return;
      setError(null);
      setPosted(null);
      setStep("approval");
      try {
        if (!(await prepare({ address, market, tx }))) {
          setStep("failed");
          return;
        }
        setStep("sign");
        const order = await signMarketOrder(config, {
          side,
          signer: address,
          ...terms,
          chainId: chain.chainId,
          market,
        });
        setStep("posting");
        try {
          setPosted(await apiPost<MarketOrderView>("/market/orders", order));
        } catch (postError) {
          setStep("failed");
          setError(apiErrorMessage(postError, t));
          return;
        }
        setStep("posted");
        await queryClient.invalidateQueries({ queryKey: marketKeys.all });
      } catch (walletError) {
        setStep("failed");
        setError(describeTxError(walletError, t));
      }
    },
    [address, chain, config, market, queryClient, side, t, tx],
  );

  return {
    post,
    step,
    error,
    posted,
    txState: tx.state,
    busy: step === "approval" || step === "sign" || step === "posting",
  };
}
