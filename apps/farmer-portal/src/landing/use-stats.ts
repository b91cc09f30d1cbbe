import type { StatsResponse } from "@farm/core";
import { apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

/** `GET /api/stats`: platform figures from the chain index; money as decimal strings of GOLD base units. */
export function useStats() {
  return useQuery({
    queryKey: ["stats"],
    queryFn: ({ signal }) => apiGet<StatsResponse>("/stats", signal),
    refetchInterval: 30_000,
  });
}
