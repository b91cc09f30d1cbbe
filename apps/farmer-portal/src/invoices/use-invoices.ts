import type { InvoicePage, InvoiceTerms } from "@farm/core";
import { apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const invoicesQueryKey = ["invoices"] as const;

/** `GET /api/invoices` filtered by farmer and/or status: on-chain state from the index joined with metadata. */
export function useInvoices(
  filter: { farmer?: string; status?: string },
  options: { refetchInterval?: number } = {},
) {
  const params = new URLSearchParams({ limit: "100" });
  if (filter.farmer) params.set("farmer", filter.farmer);
  if (filter.status) params.set("status", filter.status);
  return useQuery({
    queryKey: [...invoicesQueryKey, filter],
    queryFn: ({ signal }) => apiGet<InvoicePage>(`/invoices?${params}`, signal),
    refetchInterval: options.refetchInterval ?? 5_000,
  });
}

/** `GET /api/invoices/terms`: the fee cap (read by the backend from FarmNFT) and the smallest amount and fee. */
export function useInvoiceTerms() {
  return useQuery({
    queryKey: ["invoices", "terms"] as const,
    queryFn: ({ signal }) => apiGet<InvoiceTerms>("/invoices/terms", signal),
    staleTime: 60_000,
  });
}
