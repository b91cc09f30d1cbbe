import type { InvoiceEvidence } from "@farm/core";
import { apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const evidenceQueryKey = (tokenId: string) => ["invoice-evidence", tokenId] as const;

/** `GET /api/invoices/:tokenId/evidence` (farmer and admins): documents, buyer contact, answer, reviews. */
export function useInvoiceEvidence(tokenId: string, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: evidenceQueryKey(tokenId),
    queryFn: ({ signal }) => apiGet<InvoiceEvidence>(`/invoices/${tokenId}/evidence`, signal),
    refetchInterval: options.refetchInterval ?? 10_000,
  });
}
