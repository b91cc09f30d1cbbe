import { farmNftAbi } from "@farm/contracts/abi";
import type { CropAction } from "@farm/core";
import { useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TransactionReceipt } from "viem";
import { queryKeys } from "../layout/query-keys";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";

export interface CropStep {
  functionName: "harvest" | "refund" | "cancelExpired";
  label: string;
}

/**
 * harvest() (a ripe crop, or a settled default's recovery), or refund() (after cancelExpired() when funding lapsed
 * unfilled), of one crop through the shared transactor; `outcome` reads the GOLD received from the last receipt,
 * so the amount shown is what the chain paid. A second send while one runs is ignored.
 */
export function useCropTransaction(outcome: (receipt: TransactionReceipt) => bigint | null) {
  const { farmNft } = useFarmContracts();
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const refreshChain = useRefreshChainReads();
  const [received, setReceived] = useState<bigint | null>(null);
  const [done, setDone] = useState<CropAction | null>(null);
  const send = async (tokenId: bigint, steps: readonly CropStep[], action: CropAction) => {
    if (tx.busy) return;
    let receipt: TransactionReceipt | null = null;
    for (const step of steps) {
      receipt = await tx.send(
        { address: farmNft, abi: farmNftAbi, functionName: step.functionName, args: [tokenId] },
        { label: step.label },
      );
      if (!receipt) return;
    }
    if (receipt) {
      setDone(action);
      setReceived(outcome(receipt));
    }
    await Promise.all([
      refreshChain(),
      queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
      queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
    ]);
  };
  return { send, received, done, state: tx.state, busy: tx.busy };
}
