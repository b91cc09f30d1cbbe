import type { Farmer, RejectFarmerRequest } from "@farm/core";
import { apiGet, apiPost } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** The registration the admin decided last in this page, for the queue to confirm what changed. */
export function useLastDecision(): Farmer | undefined {
  const queryClient = useQueryClient();
  return (
    useQuery({
      queryKey: lastDecisionKey,
      queryFn: () => queryClient.getQueryData<Farmer>(lastDecisionKey) ?? null,
      staleTime: Number.POSITIVE_INFINITY,
    }).data ?? undefined
  );
}

const kycQueueKey = ["admin", "farmers", "pending_review"] as const;
export const lastDecisionKey = ["admin", "lastDecision"] as const;

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

/** Approve, or reject with a reason and/or the documents and fields refused; the queue reloads afterwards. */
export function useKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ farmerId, reject }: { farmerId: string; reject?: RejectFarmerRequest }) =>
      reject
        ? apiPost<Farmer>(`/admin/farmers/${farmerId}/reject`, reject)
        : apiPost<Farmer>(`/admin/farmers/${farmerId}/approve`),
    onSuccess: (farmer) => {
      // The card leaves the queue: the queue says what was decided, and the history shows it with who and when.
      queryClient.setQueryData(lastDecisionKey, farmer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: kycQueueKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "reviews"] }),
      ]);
    },
  });
}
