import { farmNftAbi, farmVaultAbi } from "@farm/contracts/abi";
import { useT } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useBlock, useReadContract, useReadContracts } from "wagmi";
import { useInvoices } from "../invoices/use-invoices";
import { type ApprovalChainState, approvalBlocker } from "./approval-blocker";
import { PendingInvoiceRow } from "./PendingInvoiceRow";

/** What approveInvoice checks besides the invoice: the chain's time, the pause, the caps and the vault's free reserve. */
function useApprovalChainState(): ApprovalChainState | undefined {
  const contracts = useFarmContracts();
  const head = useBlock({ watch: true });
  const figures = useReadContracts({
    contracts: [
      { address: contracts.farmNft, abi: farmNftAbi, functionName: "paused" },
      { address: contracts.farmNft, abi: farmNftAbi, functionName: "reservationLimitBps" },
      { address: contracts.farmVault, abi: farmVaultAbi, functionName: "freeReserve" },
      { address: contracts.farmNft, abi: farmNftAbi, functionName: "yieldCapBps" },
      { address: contracts.farmNft, abi: farmNftAbi, functionName: "maxDailyFee" },
    ],
    allowFailure: false,
    query: { refetchInterval: 10_000 },
  });
  if (!head.data || !figures.data) return undefined;
  const [paused, reservationLimitBps, freeReserve, yieldCapBps, maxDailyFee] = figures.data;
  return {
    nowSeconds: head.data.timestamp,
    paused,
    reservationLimitBps,
    freeReserve,
    yieldCapBps,
    maxDailyFee,
  };
}

const pageSize = 50n;

/**
 * The pending queue read on chain with `getPendingInvoices()`, joined with the backend's metadata by token id; no
 * decision on the signed-in `admin`'s own invoices.
 */
export function PendingInvoices({ admin }: { admin?: string | undefined }) {
  const t = useT();
  const contracts = useFarmContracts();
  const pending = useReadContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "getPendingInvoices",
    args: [0n, pageSize],
  });
  const metadata = useInvoices({ status: "pending" });
  const chainState = useApprovalChainState();
  const byTokenId = new Map(metadata.data?.items.map((invoice) => [invoice.tokenId, invoice.metadata]));

  const [tokenIds = [], invoices = [], total = 0n] = pending.data ?? [];
  return (
    <section aria-labelledby="pending-title" data-testid="pending-invoices">
      <h2 id="pending-title">{t("admin.invoices.title")}</h2>
      {pending.error ? <p role="alert">{t("admin.invoices.readFailed")}</p> : null}
      {pending.isLoading ? <p role="status">{t("common.loading")}</p> : null}
      {pending.data && tokenIds.length === 0 ? <p>{t("admin.invoices.empty")}</p> : null}
      {total > BigInt(tokenIds.length) ? (
        <p>{t("admin.invoices.more", { shown: tokenIds.length, total: total.toString() })}</p>
      ) : null}
      <ul className="pending-list">
        {tokenIds.map((tokenId, index) => {
          const invoice = invoices[index];
          if (!invoice) return null;
          return (
            <PendingInvoiceRow
              key={tokenId.toString()}
              invoice={{ tokenId, ...invoice }}
              metadata={byTokenId.get(tokenId.toString())}
              blocker={chainState && approvalBlocker(invoice, chainState)}
              admin={admin}
              onDecided={() => Promise.all([pending.refetch(), metadata.refetch()])}
            />
          );
        })}
      </ul>
    </section>
  );
}
