import type { Farmer } from "@farm/core";
import { apiGet, apiPost } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const kycQueueKey = ["admin", "farmers", "pending_review"] as const;

/** Farmers waiting for KYC review (`GET /api/admin/farmers?status=pending_review`). */
export function useKycQueue() {
  return useQuery({
    queryKey: kycQueueKey,
    queryFn: ({ signal }) =>
      apiGet<{ items: Farmer[]; nextCursor: string | null }>(
        "/admin/farmers?status=pending_review&limit=50",
        signal,
      ),
  });
}

/** Approve, or reject with a reason; the queue reloads afterwards. */
export function useKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ farmerId, reject }: { farmerId: string; reject?: { reason: string } }) =>
      reject
        ? apiPost<Farmer>(`/admin/farmers/${farmerId}/reject`, reject)
        : apiPost<Farmer>(`/admin/farmers/${farmerId}/approve`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueueKey }),
  });
}
