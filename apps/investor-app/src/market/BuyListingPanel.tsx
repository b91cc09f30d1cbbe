import { goldInputText, type InvestorStatus, type MarketBookEntry } from "@farm/core";
import {
  GoldAmount,
  GoldCheck,
  GoldInput,
  goldProblemText,
  Notice,
  useFormat,
  useI18n,
  useRupiahRate,
  useTypedAmount,
} from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import "../i18n/verify";
import { ErrorNotice } from "../layout/ErrorNotice";
import { WalletMatchesSession } from "../layout/WalletMatchesSession";
import { BuyLock } from "../shop/BuyLock";
import { limitFigures, useInvestorStatus } from "../verify/use-investor-status";
import { useGoldBalance } from "../wallet/use-gold-balance";
import { checkFill, type FillProblem } from "./market-figures";
import { useFillListing } from "./use-fill-listing";

type PanelProps = { entry: MarketBookEntry; feeBps: number };

/**
 * The investor gate of the shop's buy panel, as it is: locked until `GET /api/investors/me` says the wallet may invest
 * (verified, not frozen, risk statement accepted); then the form, capped at what the wallet's limit leaves.
 */
export function BuyListingPanel(props: PanelProps) {
  return (
    <WalletMatchesSession>
      <GatedBuy {...props} />
    </WalletMatchesSession>
  );
}

function GatedBuy(props: PanelProps) {
  const { t } = useI18n();
  const status = useInvestorStatus();
  if (status.error) return <ErrorNotice error={status.error} />;
  if (!status.data) return <p role="status">{t("common.loading")}</p>;
  if (!status.data.canInvest)
    return <BuyLock status={status.data} blockedBy={status.data.blockedBy ?? "unverified"} />;
  return <BuyListingForm {...props} status={status.data} />;
}

/** Shares to buy (all or part, typed as GOLD of face value in the page's language), the cost and fee, one signature. */
function BuyListingForm({ entry, feeBps, status }: PanelProps & { status: InvestorStatus }) {
  const { t, language } = useI18n();
  const format = useFormat();
  // Kept with the language it was typed in: a language switch re-writes it, never changes its quantity.
  const [amountText, setAmountText] = useTypedAmount("");
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const sending = useRef(false);
  const balance = useGoldBalance();
  const purchase = useFillListing();
  const rupiahPerGold = useRupiahRate();
  const limit = limitFigures(status);
  const remaining = BigInt(entry.remaining);
  const price = BigInt(entry.price);
  const check = checkFill({
    text: amountText,
    language,
    remaining,
    price,
    feeBps,
    available: limit?.available ?? null,
    balance: balance.data ?? null,
    rupiahPerGold,
  });
  const problemText = (problem: FillProblem): string => {
    switch (problem.kind) {
      case "amount":
        return goldProblemText(t, problem.problem);
      case "zero":
        return goldProblemText(t, { kind: "zero" });
      case "moreThanListed":
        return t("market.problem.moreThanListed", { amount: format.gold(problem.remaining, 18) });
      case "aboveLimit":
        return t("lock.aboveLimit", {
          amount: format.gold(problem.available),
          limit: format.gold(limit?.limit ?? 0n),
        });
      case "noBalance":
        return t("shop.amount.noBalance");
    }
  };
  const problem = check.ok
    ? null
    : check.problem
      ? problemText(check.problem)
      : touched
        ? goldProblemText(t, { kind: "empty" })
        : null;
  const inputId = `fill-amount-${entry.signer}-${entry.nonce}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.ok && !purchase.busy && !sending.current) setChecking(true);
  };
  const buy = () => {
    setChecking(false);
    if (!check.ok || purchase.busy || sending.current) return;
    sending.current = true;
    void purchase.fill(entry, check.amount, check.cost).finally(() => {
      sending.current = false;
    });
  };
  // All that is listed, or as much as the limit and the balance allow.
  const most = (): bigint => {
    let shares = remaining;
    if (limit && limit.available < shares) shares = limit.available;
    return shares;
  };

  if (purchase.bought)
    return (
      <Notice tone="success">
        <span data-testid="market-bought" data-base-units={purchase.bought.shares.toString()}>
          {t("market.bought", {
            shares: format.gold(purchase.bought.shares),
            cost: format.gold(purchase.bought.cost, 4),
          })}
        </span>{" "}
        <Link to="/farm">{t("shop.toGarden")}</Link>
      </Notice>
    );
  if (limit && limit.available === 0n) return <Notice tone="info">{t("lock.full")}</Notice>;
  return (
    <form className="buy-panel" onSubmit={onSubmit} noValidate data-testid="fill-form">
      <div className={problem ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={inputId}>{t("market.sharesToBuy")}</label>
        <GoldInput
          id={inputId}
          disabled={purchase.busy}
          aria-describedby={`${inputId}-preview`}
          aria-invalid={problem !== null}
          value={amountText}
          onChange={setAmountText}
          onBlur={() => setTouched(true)}
        />
        <button
          type="button"
          className="link-button"
          data-testid="fill-all"
          onClick={() => setAmountText(goldInputText(most(), language))}
        >
          {t("market.all")}
        </button>
      </div>
      <div id={`${inputId}-preview`} aria-live="polite">
        {problem && (
          <p className="farm-field__error" role="alert">
            {problem}
          </p>
        )}
        {check.ok && (
          <dl className="preview" data-testid="fill-preview">
            <div>
              <dt>{t("market.youPay")}</dt>
              <dd data-testid="fill-cost" data-base-units={check.cost.toString()}>
                <GoldAmount value={check.cost} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{t("market.youGet")}</dt>
              <dd data-testid="fill-shares" data-base-units={check.amount.toString()}>
                {t("market.sharesFace", { amount: format.gold(check.amount, 4) })}
              </dd>
            </div>
            <div>
              <dt>{t("market.fee")}</dt>
              <dd data-testid="fill-fee" data-base-units={check.fee.toString()}>
                <GoldAmount value={check.fee} digits={4} />{" "}
                <span className="muted small">{t("market.feeFromSeller")}</span>
              </dd>
            </div>
          </dl>
        )}
      </div>
      {checking && check.ok ? (
        <GoldCheck amount={check.cost} onConfirm={buy} onCancel={() => setChecking(false)}>
          <p>{t("market.check", { shares: format.gold(check.amount, 4) })}</p>
        </GoldCheck>
      ) : null}
      <button type="submit" className="button" disabled={purchase.busy} data-testid="fill-submit">
        {purchase.step === "permit" ? t("shop.signPermit") : t("market.buyNow")}
      </button>
      {purchase.error && <Notice tone="error">{purchase.error}</Notice>}
      <TxProgress state={purchase.txState} />
    </form>
  );
}
