import { goldInputText, type Invoice } from "@farm/core";
import {
  FormField,
  GoldAmount,
  GoldCheck,
  GoldInput,
  goldHintText,
  goldProblemText,
  useFormat,
  useI18n,
  useRupiahRate,
  useTypedAmount,
} from "@farm/ui";
import { FaucetButton, TxProgress, useFarmChain } from "@farm/ui/wallet";
import { useState } from "react";
import { RepayDue } from "./RepayDue";
import { type RepayAmountProblem, readRepayAmount } from "./repay-figures";
import { useRepay } from "./use-repay";
import "./repay.css";

/** Chain 31337 (anvil) or a backend that offers the dev wallet: GOLD comes from the faucet, not a market. */
const testNetworkChainId = 31337;

/**
 * Repays a funded, overdue or defaulted invoice from the connected wallet (the farmer's, or the buyer's from a
 * confirmation link; the contract takes repayment from anyone) with one signature (EIP-2612 permit +
 * repayWithPermit): what is due and what it is made of (RepayDue: the late fee, what a day adds, when a default may
 * be declared, what was repaid so far), the amount to pay (all that is due unless the payer types less, never more),
 * what the wallet is short of it with a faucet on a test network or how to top up elsewhere, the button locked while
 * the wallet is short, and the amount checked in figures and words before the signature is asked for.
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
  const { t, language } = useI18n();
  const format = useFormat();
  const chain = useFarmChain();
  const rupiahPerGold = useRupiahRate();
  // All that is due until the payer types an amount; kept with the language it was typed in.
  const [full, setFull] = useState(true);
  const [typed, setTyped] = useTypedAmount("");
  const { address, due, terms, balance, repay, signing, busy, txState, paid, signError } = useRepay(
    id,
    () => {
      // After a payment the field offers all that is still due again.
      setFull(true);
      return onRepaid?.();
    },
  );
  const [checking, setChecking] = useState<{ amount: bigint; full: boolean; left: bigint } | null>(null);
  const testNetwork = chain.devWallet || chain.chainId === testNetworkChainId;

  if (due.data === undefined) {
    return (
      <div className="repay" data-testid={`repay-box-${id}`}>
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  }
  const text = full ? goldInputText(due.data, language) : typed;
  const check = readRepayAmount(text, language, due.data, rupiahPerGold);
  const toPay = check.ok ? check.amount : due.data;
  const short = balance.data !== undefined && balance.data < toPay ? toPay - balance.data : 0n;
  const type = (next: string) => {
    setFull(false);
    setTyped(next);
  };
  const problemOf = (problem: RepayAmountProblem) =>
    problem.kind === "moreThanDue"
      ? t("invoices.repay.moreThanDue", { amount: format.gold(problem.due, 18) })
      : goldProblemText(t, problem);
  const send = () => {
    setChecking(null);
    if (checking)
      void repay(checking.amount, t(checking.full ? "invoices.repay.repayStep" : "invoices.repay.payStep"));
  };
  return (
    <div className="repay" data-testid={`repay-box-${id}`}>
      <RepayDue
        tokenId={id}
        due={due.data}
        balance={balance.data}
        terms={terms.data}
        state={invoice?.state}
      />
      {due.data > 0n ? (
        <>
          <FormField
            id={`repay-amount-${id}`}
            label={t("invoices.repay.amount")}
            error={check.ok ? undefined : problemOf(check.problem)}
            hint={goldHintText(t, language, rupiahPerGold)}
          >
            {(control) => <GoldInput {...control} value={text} onChange={type} disabled={busy || signing} />}
          </FormField>
          {full ? null : (
            <button type="button" className="secondary repay__all" onClick={() => setFull(true)}>
              {t("invoices.repay.payAll")}
            </button>
          )}
        </>
      ) : null}
      {short > 0n ? (
        <div className="repay__short" data-testid={`shortfall-${id}`}>
          <p>
            {t("invoices.repay.shortBy")} <GoldAmount value={short} digits={4} />.
          </p>
          {balance.data ? (
            <button
              type="button"
              className="secondary"
              onClick={() => type(goldInputText(balance.data ?? 0n, language))}
              data-testid={`repay-wallet-${id}`}
            >
              {t("invoices.repay.payWallet")}
            </button>
          ) : null}
          {testNetwork ? (
            <FaucetButton onClaimed={() => balance.refetch()} />
          ) : (
            <p>{t("invoices.repay.topUp", { address: address ?? "" })}</p>
          )}
        </div>
      ) : null}
      <button
        type="button"
        disabled={busy || signing || due.data === 0n || !check.ok || short > 0n || balance.data === undefined}
        onClick={() => (check.ok ? setChecking(check) : undefined)}
        data-testid={`repay-${id}`}
      >
        {signing
          ? t("invoices.repay.signing")
          : check.ok && !check.full
            ? t("invoices.repay.buttonPart")
            : t("invoices.repay.button")}
      </button>
      {checking ? (
        <GoldCheck amount={checking.amount} onConfirm={send} onCancel={() => setChecking(null)}>
          <p>
            {checking.full
              ? t("invoices.repay.check", { id })
              : t("invoices.repay.checkPart", { id, left: format.gold(checking.left, 4) })}
          </p>
        </GoldCheck>
      ) : null}
      {signError ? <p role="alert">{signError}</p> : null}
      <TxProgress state={txState} />
      {paid !== null && txState.status === "confirmed" ? (
        <p role="status" data-testid={`repay-result-${id}`} data-base-units={paid.amount.toString()}>
          {paid.dueAfter === 0n ? t("invoices.repay.done") : t("invoices.repay.paidPart")}{" "}
          <GoldAmount value={paid.amount} digits={4} />
        </p>
      ) : null}
    </div>
  );
}
