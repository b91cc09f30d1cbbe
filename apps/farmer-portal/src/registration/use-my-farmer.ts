import type { Farmer } from "@farm/core";
import { ApiError, apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const myFarmerQueryKey = (wallet: string) => ["farmers", "me", wallet.toLowerCase()] as const;

/** The signed-in wallet's farmer registration (`GET /api/farmers/me`), null when it has none yet. */
export function useMyFarmer(wallet: string) {
  return useQuery({
    queryKey: myFarmerQueryKey(wallet),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<Farmer>("/farmers/me", signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
