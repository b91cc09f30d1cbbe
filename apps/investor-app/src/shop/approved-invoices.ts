import { apiGet } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";
import { type InvoiceMetadata, readInvoiceMetadata } from "./invoice-metadata";
import type { ShopSeed } from "./shop-seed";

/** The approved invoices as the backend's index has them: names and places, and a wallet-free view of the seeds. */
export type ApprovedInvoices = {
  metadata: Map<string, InvoiceMetadata>;
  /** Seeds still open for funding by the index (the shop re-reads them on chain before anyone buys). */
  indexedSeeds: ShopSeed[];
};

const baseUnits = /^\d{1,78}$/;

function indexedSeed(item: unknown, metadata: InvoiceMetadata): ShopSeed | null {
  if (typeof item !== "object" || item === null) return null;
  const invoice = item as Record<string, unknown>;
  const state = invoice.state as { name?: unknown } | undefined;
  const { farmer, amount, funded, yieldBps, tenorDays, fundingDeadline } = invoice;
  if (state?.name !== "open") return null;
  if (typeof farmer !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(farmer)) return null;
  if (typeof amount !== "string" || !baseUnits.test(amount)) return null;
  if (typeof funded !== "string" || !baseUnits.test(funded)) return null;
  if (typeof yieldBps !== "number" || typeof tenorDays !== "number" || typeof fundingDeadline !== "string")
    return null;
  return {
    tokenId: BigInt(metadata.tokenId),
    farmer: farmer as `0x${string}`,
    amount: BigInt(amount),
    funded: BigInt(funded),
    yieldBps,
    tenorDays,
    fundingDeadline: new Date(fundingDeadline),
    crop: metadata.crop,
    farmerName: metadata.farmerName,
    region: metadata.region,
    buyerName: metadata.buyerName,
    record: metadata.record,
    evidence: metadata.evidence,
  };
}

/** The approved invoices' page, which index.html also preloads while the scripts download. */
export const approvedInvoicesPath = "/invoices?status=approved&limit=100";

/** `GET /api/invoices?status=approved`: one request serves the home page's seeds and the shop's labels. */
export function useApprovedInvoices() {
  return useQuery({
    queryKey: queryKeys.invoiceMetadata,
    queryFn: async ({ signal }): Promise<ApprovedInvoices> => {
      const page = await apiGet<{ items: unknown[] }>(approvedInvoicesPath, signal);
      const metadata = new Map<string, InvoiceMetadata>();
      const indexedSeeds: ShopSeed[] = [];
      for (const item of page.items) {
        const read = readInvoiceMetadata(item);
        if (!read) continue;
        metadata.set(read.tokenId, read);
        const seed = indexedSeed(item, read);
        if (seed) indexedSeeds.push(seed);
      }
      return { metadata, indexedSeeds };
    },
  });
}
