import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "../layout/query-keys";

/**
 * After a confirmed transaction every contract read (balances, seeds, faucet timer) is stale: refetch them all, and
 * the index's seed list the home page shows.
 */
export function useRefreshChainReads() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["readContract"] }),
        queryClient.invalidateQueries({ queryKey: ["readContracts"] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.invoiceMetadata }),
      ]),
    [queryClient],
  );
}
