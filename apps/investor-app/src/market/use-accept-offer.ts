import type { MarketBookEntry } from "@farm/core";
import { useChainConfig, useT } from "@farm/ui";
import { describeTxError, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { queryKeys } from "../layout/query-keys";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";
import { marketCallAbi, offerStruct } from "./market-calls";
import { ensureSharesApproved } from "./market-orders";
import { marketKeys } from "./use-market-book";

export type AcceptStep = "idle" | "approval" | "sending" | "sold" | "failed";

/** What the holder sold into an offer and what it received. */
export interface SoldShares {
  tokenId: string;
  shares: bigint;
  received: bigint;
}

/**
 * Selling into a buyer's signed offer: FarmNFT's `setApprovalForAll(market, true)` once (the market moves the shares),
 * then FarmMarket's `acceptOffer(offer, signature, amount)` through the transactor; the buyer's GOLD moves by its
 * allowance. Refusals (OrderExpired, OrderCancelled, OrderOverfilled, SelfTrade, GOLD's allowance or balance, FarmNFT's
 * credential errors) come back decoded from the simulation, in words.
 */
export function useAcceptOffer() {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const { farmNft } = useFarmContracts();
  const market = useChainConfig().data?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const refreshChain = useRefreshChainReads();
  const [step, setStep] = useState<AcceptStep>("idle");
  const [error, setError] = useState<string | null>(null);
  const [sold, setSold] = useState<SoldShares | null>(null);

  const accept = useCallback(
    async (entry: MarketBookEntry, amount: bigint, received: bigint) => {
      if (!address || !market) return;
      setError(null);
      setSold(null);
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
        setStep("sending");
        const receipt = await tx.send(
          {
            address: market,
            abi: marketCallAbi,
            functionName: "acceptOffer",
            args: [offerStruct(entry), entry.signature as `0x${string}`, amount],
          },
          { label: t("market.stepAccept") },
        );
        if (!receipt) {
          setStep("failed");
          return;
        }
      } catch (walletError) {
        setStep("failed");
        setError(describeTxError(walletError, t));
        return;
      }
      setSold({ tokenId: entry.tokenId, shares: amount, received });
      setStep("sold");
      await Promise.all([
        refreshChain(),
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
      ]);
    },
    [address, config, farmNft, market, queryClient, refreshChain, t, tx],
  );

  return {
    accept,
    step,
    error,
    sold,
    txState: tx.state,
    busy: step === "approval" || step === "sending",
  };
}
