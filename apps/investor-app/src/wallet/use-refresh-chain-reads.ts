import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/** After a confirmed transaction every contract read (balances, seeds, faucet timer) is stale: refetch them all. */
export function useRefreshChainReads() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["readContract"] }),
        queryClient.invalidateQueries({ queryKey: ["readContracts"] }),
      ]),
    [queryClient],
  );
}
