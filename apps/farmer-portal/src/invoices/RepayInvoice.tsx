import { farmNftAbi, goldTokenAbi } from "@farm/contracts/abi";
import { GoldAmount, useT } from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useConnection, useReadContract } from "wagmi";
import { invoicesQueryKey } from "./use-invoices";

/**
 * Repays a funded invoice from the connected wallet (the farmer's, or the buyer's from a confirmation link; the
 * contract takes repayment from anyone): approve the amount due, then repay; both show their progress.
 */
export function RepayInvoice({ tokenId: id, onRepaid }: { tokenId: string; onRepaid?: () => unknown }) {
  const t = useT();
  const contracts = useFarmContracts();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { send, state, busy } = useTransactor();
  const tokenId = BigInt(id);
  const due = useReadContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [tokenId],
  });
  const balance = useReadContract({
    address: contracts.goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address) },
  });

  const repay = async () => {
    const amount = due.data;
    if (amount === undefined || amount === 0n) return;
    const approved = await send(
      {
        address: contracts.goldToken,
        abi: goldTokenAbi,
        functionName: "approve",
        args: [contracts.farmNft, amount],
      },
      { label: t("invoices.repay.approveStep") },
    );
    if (!approved) return;
    const repaid = await send(
      { address: contracts.farmNft, abi: farmNftAbi, functionName: "repay", args: [tokenId, amount] },
      { label: t("invoices.repay.repayStep") },
    );
    if (repaid) {
      await Promise.all([due.refetch(), balance.refetch()]);
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
      await onRepaid?.();
    }
  };

  if (due.data === undefined) return null;
  const short = balance.data !== undefined && balance.data < due.data;
  return (
    <div className="repay">
      <p>
        {t("invoices.repay.due")}: <GoldAmount value={due.data} />
        {balance.data !== undefined ? (
          <>
            {" · "}
            {t("invoices.repay.balance")}: <GoldAmount value={balance.data} />
          </>
        ) : null}
      </p>
      {short ? <p className="repay__short">{t("invoices.repay.short")}</p> : null}
      <button
        type="button"
        disabled={busy || due.data === 0n}
        onClick={() => void repay()}
        data-testid={`repay-${id}`}
      >
        {t("invoices.repay.button")}
      </button>
      <TxProgress state={state} />
    </div>
  );
}
