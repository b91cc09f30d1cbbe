import type { AdminInvestorVerification, InvestorVerificationStatus } from "@farm/core";
import { apiGet, apiPost } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const investorsKey = ["admin", "investors"] as const;
export const investorReviewsKey = ["admin", "investors", "reviews"] as const;

/** Investor verifications of one status (`GET /api/admin/investors`): pending ones oldest first. */
export function useInvestorQueue(status: InvestorVerificationStatus) {
  return useQuery({
    queryKey: [...investorsKey, status],
    queryFn: ({ signal }) =>
      apiGet<{ items: AdminInvestorVerification[]; nextCursor: string | null }>(
        `/admin/investors?status=${status}&limit=50`,
        signal,
      ),
  });
}

/** One admin decision on a verification; approval and freezes are written on chain by the backend's operator. */
export type InvestorDecision =
  | { action: "approve" }
  | { action: "reject"; reason: string }
  | { action: "freeze"; frozen: boolean; reason: string }
  | { action: "rebind"; wallet: string };

function send(id: string, decision: InvestorDecision): Promise<AdminInvestorVerification> {
  const path = `/admin/investors/${id}/${decision.action}`;
  switch (decision.action) {
    case "approve":
      return apiPost(path);
    case "reject":
      return apiPost(path, { reason: decision.reason });
    case "freeze":
      return apiPost(path, { frozen: decision.frozen, reason: decision.reason });
    case "rebind":
      return apiPost(path, { wallet: decision.wallet });
  }
}

/** Sends a decision; the queues and the history reload afterwards. */
export function useInvestorDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: InvestorDecision }) => send(id, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investorsKey }),
  });
}
