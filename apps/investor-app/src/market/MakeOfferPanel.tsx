import type { InvestorStatus, MarketBookEntry } from "@farm/core";
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
  wordPack,
} from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { type FormEvent, useId, useState } from "react";
import "../i18n/verify";
import { marketWords } from "../i18n/market";
import { ErrorNotice } from "../layout/ErrorNotice";
import { WalletMatchesSession } from "../layout/WalletMatchesSession";
import { BuyLock } from "../shop/BuyLock";
import { limitFigures, useInvestorStatus } from "../verify/use-investor-status";
import { useGoldBalance } from "../wallet/use-gold-balance";
import {
  checkOfferForm,
  DEFAULT_LISTING_DAYS,
  MAX_LISTING_DAYS,
  type OfferSharesProblem,
  pricePercentText,
  retypePricePercent,
} from "./market-figures";
import { OrderTermsFields } from "./OrderTermsFields";
import { useMakeOffer } from "./use-make-offer";

/** The price an offer starts at: 97 % of face value. */
const DEFAULT_OFFER_PRICE_TEXT = "97";

type PanelProps = { entry: Pick<MarketBookEntry, "tokenId"> };

/**
 * "Make an offer" for an invoice, behind the buy panel's investor gate (verified, not frozen, risk statement accepted,
 * within the wallet's limit): shares, a price as a percent of face value, 1 to 30 days; then GOLD approved to the market
 * for the offer's full cost if the allowance is short, one signature, and the offer is in the book and "My orders".
 */
export function MakeOfferPanel(props: PanelProps) {
  return (
    <WalletMatchesSession>
      <GatedOffer {...props} />
    </WalletMatchesSession>
  );
}

function GatedOffer(props: PanelProps) {
  const { t } = useI18n();
  const status = useInvestorStatus();
  if (status.error) return <ErrorNotice error={status.error} />;
  if (!status.data) return <p role="status">{t("common.loading")}</p>;
  if (!status.data.canInvest)
    return <BuyLock status={status.data} blockedBy={status.data.blockedBy ?? "unverified"} />;
  return <MakeOfferForm {...props} status={status.data} />;
}

export function MakeOfferForm({ entry, status }: PanelProps & { status: InvestorStatus }) {
  wordPack(marketWords);
  const { t, language } = useI18n();
  const format = useFormat();
  // Kept with the language they were typed in: a language switch re-writes them, never changes their quantity.
  const [sharesText, setSharesText] = useTypedAmount("");
  const [priceText, setPriceText] = useTypedAmount(DEFAULT_OFFER_PRICE_TEXT, retypePricePercent);
  const [daysText, setDaysText] = useState(String(DEFAULT_LISTING_DAYS));
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const rupiahPerGold = useRupiahRate();
  const balance = useGoldBalance();
  const limit = limitFigures(status);
  const making = useMakeOffer();
  const id = useId();
  const form = checkOfferForm({
    sharesText,
    priceText,
    expiryDays: /^\d{1,3}$/.test(daysText.trim()) ? Number(daysText.trim()) : Number.NaN,
    language,
    available: limit?.available ?? null,
    balance: balance.data ?? null,
    rupiahPerGold,
  });
  const describeShares = (problem: OfferSharesProblem): string =>
    problem.kind === "amount"
      ? goldProblemText(t, problem.problem)
      : problem.kind === "zero"
        ? goldProblemText(t, { kind: "zero" })
        : t("lock.aboveLimit", {
            amount: format.gold(problem.available),
            limit: format.gold(limit?.limit ?? 0n),
          });
  const sharesProblem = form.ok || !form.shares ? null : describeShares(form.shares);
  const priceProblem = form.ok || !form.price ? null : t(`market.problem.price.${form.price}`);
  const expiryProblem =
    form.ok || !form.expiry ? null : t("market.problem.expiry", { max: MAX_LISTING_DAYS });
  const balanceProblem = !form.ok && form.noBalance ? t("shop.amount.noBalance") : null;
  const shown = (problem: string | null) => (touched ? problem : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (form.ok && !making.busy) setChecking(true);
  };
  // Nothing is approved or signed before the cost is checked in the page's number format and in words (GoldCheck).
  const offer = () => {
    setChecking(false);
    if (!form.ok || making.busy) return;
    void making.offer(entry.tokenId, form.shares, form.price, form.cost, form.expiryDays);
  };

  if (making.offered)
    return (
      <Notice tone="success">
        <span data-testid="offer-made" data-nonce={making.offered.nonce}>
          {t("market.offered", { amount: format.gold(BigInt(making.offered.shares), 4) })}
        </span>{" "}
        <a href="#my-orders">{t("market.toMyOrders")}</a>
      </Notice>
    );
  if (limit && limit.available === 0n) return <Notice tone="info">{t("lock.full")}</Notice>;
  return (
    <form className="buy-panel sell-panel" onSubmit={onSubmit} noValidate data-testid="offer-form">
      <div className={shown(sharesProblem) ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={`${id}-shares`}>{t("market.sharesToBuy")}</label>
        <GoldInput
          id={`${id}-shares`}
          value={sharesText}
          onChange={setSharesText}
          aria-invalid={shown(sharesProblem) !== null}
          disabled={making.busy}
        />
        {shown(sharesProblem) && (
          <p className="farm-field__error" role="alert" data-testid="offer-shares-problem">
            {sharesProblem}
          </p>
        )}
      </div>
      <OrderTermsFields
        id={id}
        testIdPrefix="offer"
        priceText={priceText}
        onPriceText={setPriceText}
        priceProblem={shown(priceProblem)}
        expiryLabel={t("market.offerExpiryLabel")}
        daysText={daysText}
        onDaysText={setDaysText}
        expiryProblem={shown(expiryProblem)}
        disabled={making.busy}
      />
      <div aria-live="polite">
        {shown(balanceProblem) && (
          <p className="farm-field__error" role="alert" data-testid="offer-balance-problem">
            {balanceProblem}
          </p>
        )}
        {form.ok && (
          <dl className="preview" data-testid="offer-preview">
            <div>
              <dt>{t("market.offerCost")}</dt>
              <dd data-testid="offer-cost" data-base-units={form.cost.toString()}>
                <GoldAmount value={form.cost} digits={4} />
              </dd>
            </div>
          </dl>
        )}
      </div>
      {checking && form.ok ? (
        <GoldCheck amount={form.cost} onConfirm={offer} onCancel={() => setChecking(false)}>
          <p>
            {t("market.checkOffer", {
              shares: format.gold(form.shares, 4),
              percent: pricePercentText(form.price, language),
            })}
          </p>
        </GoldCheck>
      ) : null}
      <p className="muted small">{t("market.offerNote")}</p>
      <button type="submit" className="button" disabled={making.busy} data-testid="offer-submit">
        {making.step === "sign" ? t("market.signOffer") : t("market.makeOfferSubmit")}
      </button>
      {making.step === "posting" && <p role="status">{t("market.posting")}</p>}
      {making.error && <Notice tone="error">{making.error}</Notice>}
      <TxProgress state={making.txState} />
    </form>
  );
}
