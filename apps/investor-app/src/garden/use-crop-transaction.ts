import { farmNftAbi } from "@farm/contracts";
import { useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TransactionReceipt } from "viem";
import { queryKeys } from "../api/query-keys";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";

/**
 * harvest() or refund() of one crop through the shared transactor; `outcome` reads the GOLD received from the
 * receipt, so the amount shown is what the chain paid, not a client estimate.
 */
export function useCropTransaction(
  functionName: "harvest" | "refund",
  outcome: (receipt: TransactionReceipt) => bigint | null,
) {
  const { farmNft } = useFarmContracts();
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const refreshChain = useRefreshChainReads();
  const [received, setReceived] = useState<bigint | null>(null);
  const send = (tokenId: bigint, label: string) =>
    tx.send(
      { address: farmNft, abi: farmNftAbi, functionName, args: [tokenId] },
      {
        label,
        onConfirmed: async (receipt) => {
          setReceived(outcome(receipt));
          await Promise.all([
            refreshChain(),
            queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
            queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
            queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
          ]);
        },
      },
    );
  return { send, received, state: tx.state, busy: tx.busy };
}
