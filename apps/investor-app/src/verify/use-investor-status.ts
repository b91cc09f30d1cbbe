import type { InvestorStatus, RiskStatementState } from "@farm/core";
import { apiGet, apiPost, toBigInt, useSession } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

/** `GET /api/investors/me`: the wallet's verification, credential (as indexed) and risk acceptance; may it invest? */
export function useInvestorStatus() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...queryKeys.investorStatus, session?.address],
    queryFn: ({ signal }) => apiGet<InvestorStatus>("/investors/me", signal),
    enabled: session !== null,
    // While locked, look again now and then: an admin's approval (indexed from the chain) unlocks it without a reload.
    refetchInterval: (query) => (query.state.data?.canInvest === false ? 5_000 : false),
  });
}

/** The credential's figures in base units: what the buy panel caps at. */
export function limitFigures(
  status: InvestorStatus,
): { limit: bigint; outstanding: bigint; available: bigint } | null {
  const credential = status.credential;
  if (!credential) return null;
  return {
    limit: toBigInt(credential.limit),
    outstanding: toBigInt(credential.outstanding),
    available: toBigInt(credential.available),
  };
}

/** Records that the investor read and accepted risk statement `version`; the status is read again afterwards. */
export function useAcceptRiskStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => apiPost<RiskStatementState>("/investors/risk-acceptance", { version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.investorStatus }),
  });
}
