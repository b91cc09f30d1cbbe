import type { MarketBookEntry } from "@farm/core";
import { useChainConfig, useT } from "@farm/ui";
import { describeTxError, signGoldPermit, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { TransactionReceipt } from "viem";
import { useConfig, useConnection } from "wagmi";
import { awaitCrop } from "../garden/awaited-crops";
import { queryKeys } from "../layout/query-keys";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";
import { isUserRejection, listingStruct, marketCallAbi } from "./market-calls";
import { ensureGoldAllowance, marketAllowanceFor } from "./market-orders";
import { marketKeys } from "./use-market-book";

export type FillStep = "idle" | "permit" | "sending" | "bought" | "failed";

/** What the stall shows once a fill went through. */
export interface BoughtShares {
  tokenId: string;
  shares: bigint;
  cost: bigint;
}

/**
 * Buying shares from a listing: one GOLD permit signature for the market and `fillListingWithPermit` (as the shop's
 * investWithPermit), or `approve()` then `fillListing()` for wallets that cannot sign typed data. Refusals come back
 * from the simulation decoded (OrderExpired, OrderCancelled, OrderOverfilled, FarmNFT's credential errors) in words.
 */
export function useFillListing() {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const { goldToken } = useFarmContracts();
  const market = useChainConfig().data?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const refreshChain = useRefreshChainReads();
  const [step, setStep] = useState<FillStep>("idle");
  const [error, setError] = useState<string | null>(null);
  const [bought, setBought] = useState<BoughtShares | null>(null);

  const fillWithApproval = useCallback(
    async (entry: MarketBookEntry, amount: bigint, cost: bigint): Promise<TransactionReceipt | null> => {
      if (!address || !market) return null;
      const approved = await ensureGoldAllowance(config, tx, {
        goldToken,
        owner: address,
        market,
        amount: await marketAllowanceFor(cost),
        label: t("market.stepApprove"),
      });
      if (!approved) return null;
      return tx.send(
        {
          address: market,
          abi: marketCallAbi,
          functionName: "fillListing",
          args: [listingStruct(entry), entry.signature as `0x${string}`, amount],
        },
        { label: t("market.stepFill") },
      );
    },
    [address, config, goldToken, market, t, tx],
  );

  const fill = useCallback(
    async (entry: MarketBookEntry, amount: bigint, cost: bigint) => {
      if (!address || !market) return;
      setError(null);
      setBought(null);
      setStep("permit");
      let receipt: TransactionReceipt | null;
      try {
        // The permit sets the allowance: it keeps room for the wallet's open offers beside this purchase.
        const permitValue = await marketAllowanceFor(cost);
        const permit = await signGoldPermit(config, {
          owner: address,
          goldToken,
          spender: market,
          value: permitValue,
        });
        setStep("sending");
        receipt = await tx.send(
          {
            address: market,
            abi: marketCallAbi,
            functionName: "fillListingWithPermit",
            args: [
              listingStruct(entry),
              entry.signature as `0x${string}`,
              amount,
              permitValue,
              permit.deadline,
              permit.v,
              permit.r,
              permit.s,
            ],
          },
          { label: t("market.stepFill") },
        );
      } catch (permitError) {
        if (isUserRejection(permitError)) {
          setStep("failed");
          setError(describeTxError(permitError, t));
          return;
        }
        // This wallet cannot sign EIP-712 typed data: two transactions instead.
        setStep("sending");
        try {
          receipt = await fillWithApproval(entry, amount, cost);
        } catch (approvalError) {
          setStep("failed");
          setError(describeTxError(approvalError, t));
          return;
        }
      }
      if (!receipt) {
        setStep("failed");
        return;
      }
      // The garden lists the crop once the index has the transfer; until then it looks again every few seconds.
      awaitCrop(address, entry.tokenId);
      setBought({ tokenId: entry.tokenId, shares: amount, cost });
      setStep("bought");
      await Promise.all([
        refreshChain(),
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
        queryClient.invalidateQueries({ queryKey: queryKeys.investorStatus }),
      ]);
    },
    [address, config, fillWithApproval, goldToken, market, queryClient, refreshChain, t, tx],
  );

  return {
    fill,
    step,
    error,
    bought,
    txState: tx.state,
    busy: step === "permit" || step === "sending",
  };
}
