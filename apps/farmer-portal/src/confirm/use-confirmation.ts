import type { ConfirmationView } from "@farm/core";
import { apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const confirmationQueryKey = (token: string) => ["confirmation", token] as const;

/** `GET /api/confirmations/:token`: the invoice behind a buyer's link; refreshed so a repayment shows up. */
export function useConfirmation(token: string) {
  return useQuery({
    queryKey: confirmationQueryKey(token),
    queryFn: ({ signal }) => apiGet<ConfirmationView>(`/confirmations/${token}`, signal),
    refetchInterval: 5_000,
    retry: false,
  });
}
