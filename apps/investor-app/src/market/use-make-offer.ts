import { goldTokenAbi } from "@farm/contracts/abi";
import type { MarketOrderView, MyMarketOrders } from "@farm/core";
import { apiErrorMessage, apiGet, apiPost, useChainConfig, useT } from "@farm/ui";
import { describeTxError, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { readContract } from "wagmi/actions";
import { openOffersCost } from "./market-figures";
import { signMarketOrder } from "./market-orders";
import { marketKeys } from "./use-market-book";

export type OfferStep = "idle" | "approval" | "sign" | "posting" | "offered" | "failed";

/**
 * Making an offer: GOLD's `approve(market, total)` through the transactor when the market's allowance is short of the
 * offer's full cost plus the wallet's other open offers (a seller's acceptOffer moves the buyer's GOLD by allowance), then the EIP-712 offer signed in the
 * wallet (core's `marketTypedData`, a random 64-bit nonce, an expiry on the chain's clock) and posted to the book,
 * which checks the buyer's credential, GOLD balance and allowance.
 */
export function useMakeOffer() {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const { goldToken } = useFarmContracts();
  const chain = useChainConfig().data;
  const market = chain?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<OfferStep>("idle");
  const [error, setError] = useState<string | null>(null);
  const [offered, setOffered] = useState<MarketOrderView | null>(null);

  const offer = useCallback(
    async (tokenId: string, shares: bigint, price: bigint, cost: bigint, expiryDays: number) => {
      if (!address || !market || !chain) return;
      setError(null);
      setOffered(null);
      setStep("approval");
      try {
        const [allowance, mine] = await Promise.all([
          readContract(config, {
            address: goldToken,
            abi: goldTokenAbi,
            functionName: "allowance",
            args: [address, market],
          }),
          apiGet<MyMarketOrders>("/market/orders/mine"),
        ]);
        // The allowance must cover this offer and every other open offer of the wallet: approving only this one's cost
        // would leave the others unfillable (a seller's acceptOffer moves the GOLD by allowance).
        const needed = cost + openOffersCost(mine.items);
        if (allowance < needed) {
          const receipt = await tx.send(
            { address: goldToken, abi: goldTokenAbi, functionName: "approve", args: [market, needed] },
            { label: t("market.stepApproveOffer") },
          );
          if (!receipt) {
            setStep("failed");
            return;
          }
        }
        setStep("sign");
        const order = await signMarketOrder(config, {
          side: "offer",
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
          setOffered(await apiPost<MarketOrderView>("/market/orders", order));
        } catch (postError) {
          setStep("failed");
          setError(apiErrorMessage(postError, t));
          return;
        }
        setStep("offered");
        await queryClient.invalidateQueries({ queryKey: marketKeys.all });
      } catch (walletError) {
        setStep("failed");
        setError(describeTxError(walletError, t));
      }
    },
    [address, chain, config, goldToken, market, queryClient, t, tx],
  );

  return {
    offer,
    step,
    error,
    offered,
    txState: tx.state,
    busy: step === "approval" || step === "sign" || step === "posting",
  };
}
