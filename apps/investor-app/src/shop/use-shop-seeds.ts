import { useChainConfig } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApprovedInvoices } from "./approved-invoices";
import type { ShopSeed } from "./shop-seed";

/**
 * The query key of the chain read: under wagmi's "readContract" prefix, so the refresh after a confirmed transaction
 * (`useRefreshChainReads`) refetches it with every other contract read.
 */
export const availableInvoicesKey = ["readContract", "getAvailableInvoices"] as const;

/**
 * Seeds for sale: `getAvailableInvoices()` on chain is the truth; backend metadata adds names and places. The read
 * goes through a bare public client loaded on demand (`shop-on-chain.ts`), so looking at the shop needs no wallet code.
 */
export function useShopSeeds({ readChain = true }: { readChain?: boolean } = {}) {
  const config = useChainConfig();
  const farmNft = config.data?.contracts?.farmNft;
  const available = useQuery({
    queryKey: [...availableInvoicesKey, farmNft ?? null],
    enabled: readChain && config.data !== undefined && farmNft !== undefined,
    queryFn: async () => {
      const { readAvailableInvoices } = await import("./shop-on-chain");
      if (!config.data || !farmNft) throw new Error("no contracts are deployed on the platform's chain");
      return readAvailableInvoices(config.data, farmNft);
    },
  });
  const approved = useApprovedInvoices();
  const chainData = available.data;
  const metadata = approved.data?.metadata;
  // One array per answer, not per render: pages hand the seeds up in effects and compare them by reference.
  const seeds: ShopSeed[] | undefined = useMemo(
    () =>
      chainData?.[0].map((tokenId, index) => {
        const invoice = chainData[1][index]!;
        const extra = metadata?.get(tokenId.toString());
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
          record: extra?.record ?? null,
          evidence: extra?.evidence ?? null,
        };
      }),
    [chainData, metadata],
  );
  const error = available.error ?? config.error ?? null;
  return { seeds, error, metadataError: approved.error, refetch: available.refetch };
}
