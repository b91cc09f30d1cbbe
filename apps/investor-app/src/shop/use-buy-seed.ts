import { farmNftAbi, goldTokenAbi } from "@farm/contracts/abi";
import type { Crop } from "@farm/core";
import { apiErrorMessage, apiPost, useT } from "@farm/ui";
import { describeTxError, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { BaseError, type TransactionReceipt, UserRejectedRequestError } from "viem";
import { useConfig, useConnection } from "wagmi";
import { readContract } from "wagmi/actions";
import { awaitCrop } from "../garden/awaited-crops";
import { queryKeys } from "../layout/query-keys";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";
import { signGoldPermit } from "./permit-signature";

export type BuyStep = "idle" | "permit" | "sending" | "syncing" | "planted" | "failed";

/** What the shop shows once a purchase is planted (the card itself may leave the list: a filled seed is sold out). */
export interface PlantedPurchase {
  tokenId: bigint;
  amount: bigint;
  /** Set when the backend could not record it at once; the indexer will. */
  syncProblem: string | null;
}

function isUserRejection(error: unknown): boolean {
  return (
    error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof UserRejectedRequestError))
  );
}

/**
 * Buying a seed: one EIP-2612 signature and `investWithPermit`, or `approve()` then `invest()` for wallets that
 * cannot sign typed data; then `POST /api/crops/sync` so the plant shows in the garden at once.
 */
export function useBuySeed() {
  const t = useT();
  const config = useConfig();
  const { address } = useConnection();
  const { goldToken, farmNft } = useFarmContracts();
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const refreshChain = useRefreshChainReads();
  const [step, setStep] = useState<BuyStep>("idle");
  const [error, setError] = useState<string | null>(null);

  const investWithApproval = useCallback(
    async (tokenId: bigint, amount: bigint): Promise<TransactionReceipt | null> => {
      if (!address) return null;
      const allowance = await readContract(config, {
        address: goldToken,
        abi: goldTokenAbi,
        functionName: "allowance",
        args: [address, farmNft],
      });
      if (allowance < amount) {
        const approved = await tx.send(
          { address: goldToken, abi: goldTokenAbi, functionName: "approve", args: [farmNft, amount] },
          { label: t("shop.stepApprove") },
        );
        if (!approved) return null;
      }
      return tx.send(
        { address: farmNft, abi: farmNftAbi, functionName: "invest", args: [tokenId, amount] },
        { label: t("shop.stepInvest") },
      );
    },
    [address, config, farmNft, goldToken, t, tx],
  );

  const buy = useCallback(
    async (tokenId: bigint, amount: bigint, onPlanted: (purchase: PlantedPurchase) => void) => {
      if (!address) return;
      setError(null);
      setStep("permit");
      let receipt: TransactionReceipt | null;
      try {
        const permit = await signGoldPermit(config, {
          owner: address,
          goldToken,
          spender: farmNft,
          value: amount,
        });
        setStep("sending");
        receipt = await tx.send(
          {
            address: farmNft,
            abi: farmNftAbi,
            functionName: "investWithPermit",
            args: [tokenId, amount, permit.deadline, permit.v, permit.r, permit.s],
          },
          { label: t("shop.stepInvest") },
        );
      } catch (permitError) {
        if (isUserRejection(permitError)) {
          setStep("failed");
          setError(describeTxError(permitError, t));
          return;
        }
        // This wallet cannot sign EIP-712 typed data: fall back to two transactions.
        setStep("sending");
        try {
          receipt = await investWithApproval(tokenId, amount);
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
      setStep("syncing");
      let syncProblem: string | null = null;
      try {
        await apiPost<{ crops: Crop[] }>("/crops/sync", { txHash: receipt.transactionHash });
      } catch (syncError) {
        // The chain already holds the investment and the indexer will record it; say so instead of failing.
        syncProblem = `${apiErrorMessage(syncError, t)} ${t("shop.syncLater")}`;
      }
      // The crop list polls until it lists the crop: the index may not have read the invoice itself yet, or (the
      // sync's rows being ahead of the indexer's cursor) an indexer pass may drop them until it reaches their block.
      awaitCrop(address, tokenId.toString());
      setStep("planted");
      onPlanted({ tokenId, amount, syncProblem });
      await Promise.all([
        refreshChain(),
        queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
        // What the wallet's limit leaves shrank by the purchase.
        queryClient.invalidateQueries({ queryKey: queryKeys.investorStatus }),
      ]);
    },
    [address, config, farmNft, goldToken, investWithApproval, queryClient, refreshChain, t, tx],
  );

  return {
    buy,
    step,
    error,
    txState: tx.state,
    busy: step === "permit" || step === "sending" || step === "syncing",
  };
}
