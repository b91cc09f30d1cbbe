import type { CropsResponse } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";
import { awaitedCropsRefetchInterval } from "./awaited-crops";

/**
 * The signed-in wallet's crops (GET /api/crops), stage derived by the backend from chain state and time; fetched
 * again every few seconds while a crop just planted is not listed yet (see awaited-crops.ts).
 */
export function useCrops() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...queryKeys.crops, session?.address],
    queryFn: ({ signal }) => apiGet<CropsResponse>("/crops", signal),
    enabled: session !== null,
    select: (response) => response.crops,
    refetchInterval: (query) => awaitedCropsRefetchInterval(session?.address, query.state.data?.crops),
  });
}
