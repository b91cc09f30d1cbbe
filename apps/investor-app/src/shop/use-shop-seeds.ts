import { farmNftAbi } from "@farm/contracts/abi";
import { apiGet } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useQuery } from "@tanstack/react-query";
import { useReadContract } from "wagmi";
import { queryKeys } from "../api/query-keys";
import { type InvoiceMetadata, readInvoiceMetadata } from "./invoice-metadata";
import type { ShopSeed } from "./shop-seed";

/** One page covers the shop: the contract lists only approved invoices with funding still open. */
const shopPageSize = 100n;

function useInvoiceMetadata() {
  return useQuery({
    queryKey: queryKeys.invoiceMetadata,
    queryFn: async ({ signal }) => {
      const page = await apiGet<{ items: unknown[] }>("/invoices?status=approved&limit=100", signal);
      const byTokenId = new Map<string, InvoiceMetadata>();
      for (const item of page.items) {
        const metadata = readInvoiceMetadata(item);
        if (metadata) byTokenId.set(metadata.tokenId, metadata);
      }
      return byTokenId;
    },
  });
}

/** Seeds for sale: `getAvailableInvoices()` on chain is the truth; backend metadata adds names and places. */
export function useShopSeeds() {
  const { farmNft } = useFarmContracts();
  const available = useReadContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getAvailableInvoices",
    args: [0n, shopPageSize],
  });
  const metadata = useInvoiceMetadata();
  const seeds: ShopSeed[] | undefined = available.data
    ? available.data[0].map((tokenId, index) => {
        const invoice = available.data[1][index]!;
        const extra = metadata.data?.get(tokenId.toString());
        return {
          tokenId,
          farmer: invoice.farmer,
          amount: BigInt(invoice.amount),
          funded: BigInt(invoice.funded),
          yieldBps: Number(invoice.yieldBps),
          tenorDays: Number(invoice.tenorDays),
          fundingDeadline: new Date(Number(invoice.fundingDeadline) * 1000),
          crop: extra?.crop ?? null,
          farmerName: extra?.farmerName ?? null,
          region: extra?.region ?? null,
          buyerName: extra?.buyerName ?? null,
          evidence: extra?.evidence ?? null,
        };
      })
    : undefined;
  return { seeds, error: available.error ?? null, metadataError: metadata.error, refetch: available.refetch };
}
