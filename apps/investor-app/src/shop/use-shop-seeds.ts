import { farmNftAbi } from "@farm/contracts/abi";
import { useFarmContracts } from "@farm/ui/wallet";
import { useMemo } from "react";
import { useReadContract } from "wagmi";
import { useApprovedInvoices } from "./approved-invoices";
import type { ShopSeed } from "./shop-seed";

/** One page covers the shop: the contract lists only approved invoices with funding still open. */
const shopPageSize = 100n;

/** Seeds for sale: `getAvailableInvoices()` on chain is the truth; backend metadata adds names and places. */
export function useShopSeeds() {
  const { farmNft } = useFarmContracts();
  const available = useReadContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getAvailableInvoices",
    args: [0n, shopPageSize],
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
  return { seeds, error: available.error ?? null, metadataError: approved.error, refetch: available.refetch };
}
