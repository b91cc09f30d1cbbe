import { farmNftAbi, goldTokenAbi } from "@farm/contracts/abi";
import type { Invoice } from "@farm/core";
import { GoldAmount, GoldCheck, useT } from "@farm/ui";
import {
  describeTxError,
  FaucetButton,
  signGoldPermit,
  TxProgress,
  useFarmChain,
  useFarmContracts,
  useTransactor,
} from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConfig, useConnection, useReadContract } from "wagmi";
import { RepayDue } from "./RepayDue";
import { invoicesQueryKey } from "./use-invoices";
import "./repay.css";

/** Chain 31337 (anvil) or a backend that offers the dev wallet: GOLD comes from the faucet, not a market. */
const testNetworkChainId = 31337;

/**
 * Repays a funded, overdue or defaulted invoice from the connected wallet (the farmer's, or the buyer's from a
 * confirmation link; the contract takes repayment from anyone) with one signature (EIP-2612 permit +
 * repayWithPermit): the amount due with what is missing, a faucet on a test network or how to top up elsewhere,
 * the repay button locked while the wallet is short, what was repaid so far and what the amount due is made of
 * (RepayDue: the late fee, what a day adds, when a default may be declared), and the amount checked in figures and
 * words before the signature is asked for.
 */
export function RepayInvoice({
  tokenId: id,
  invoice,
  onRepaid,
}: {
  tokenId: string;
  /** The invoice as the API tells it, for its state (overdue: the default's earliest date). */
  invoice?: Pick<Invoice, "state">;
  onRepaid?: () => unknown;
}) {
  const t = useT();
  const contracts = useFarmContracts();
  const chain = useFarmChain();
  const wagmiConfig = useConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { send, state, busy } = useTransactor();
  const [signing, setSigning] = useState(false);
  const [checking, setChecking] = useState(false);
  const [paid, setPaid] = useState<bigint | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  const tokenId = BigInt(id);
  const due = useReadContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [tokenId],
  });
  // Terms and repayments from the same chain as the amount due, so the late fee derived from both is exact.
  const terms = useReadContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "getInvoice",
    args: [tokenId],
  });
  const balance = useReadContract({
    address: contracts.goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address) },
  });
  const testNetwork = chain.devWallet || chain.chainId === testNetworkChainId;

  const repay = async () => {
    setChecking(false);
    const amount = due.data;
    if (!address || amount === undefined || amount === 0n || busy || signing) return;
    setSigning(true);
    setSignError(null);
    let permit: Awaited<ReturnType<typeof signGoldPermit>>;
    try {
      permit = await signGoldPermit(wagmiConfig, {
        owner: address,
        goldToken: contracts.goldToken,
        spender: contracts.farmNft,
        value: amount,
      });
    } catch (error) {
      setSignError(describeTxError(error, t));
      return;
    } finally {
      setSigning(false);
    }
    const receipt = await send(
      {
        address: contracts.farmNft,
        abi: farmNftAbi,
        functionName: "repayWithPermit",
        args: [tokenId, amount, permit.deadline, permit.v, permit.r, permit.s],
      },
      { label: t("invoices.repay.repayStep") },
    );
    if (receipt) {
      setPaid(amount);
      await Promise.all([due.refetch(), terms.refetch(), balance.refetch()]);
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
      await onRepaid?.();
    }
  };

  if (due.data === undefined) {
    return (
      <div className="repay" data-testid={`repay-box-${id}`}>
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  }
  const short = balance.data !== undefined && balance.data < due.data ? due.data - balance.data : 0n;
  return (
    <div className="repay" data-testid={`repay-box-${id}`}>
      <RepayDue
        tokenId={id}
        due={due.data}
        balance={balance.data}
        terms={terms.data}
        state={invoice?.state}
      />
      {short > 0n ? (
        <div className="repay__short" data-testid={`shortfall-${id}`}>
          <p>
            {t("invoices.repay.shortBy")} <GoldAmount value={short} digits={4} />.
          </p>
          {testNetwork ? (
            <FaucetButton onClaimed={() => balance.refetch()} />
          ) : (
            <p>{t("invoices.repay.topUp", { address: address ?? "" })}</p>
          )}
        </div>
      ) : null}
      <button
        type="button"
        disabled={busy || signing || due.data === 0n || short > 0n || balance.data === undefined}
        onClick={() => setChecking(true)}
        data-testid={`repay-${id}`}
      >
        {signing ? t("invoices.repay.signing") : t("invoices.repay.button")}
      </button>
      {checking ? (
        <GoldCheck amount={due.data} onConfirm={() => void repay()} onCancel={() => setChecking(false)}>
          <p>{t("invoices.repay.check", { id })}</p>
        </GoldCheck>
      ) : null}
      {signError ? <p role="alert">{signError}</p> : null}
      <TxProgress state={state} />
      {paid !== null && state.status === "confirmed" ? (
        <p role="status" data-testid={`repay-result-${id}`}>
          {t("invoices.repay.done")} <GoldAmount value={paid} digits={4} />
        </p>
      ) : null}
    </div>
  );
}
