import { goldInputText, impliedYield, tradeFee } from "@farm/core";
import {
  GoldAmount,
  GoldCheck,
  GoldInput,
  goldProblemText,
  Notice,
  useChainConfig,
  useFormat,
  useI18n,
  useRupiahRate,
  useTypedAmount,
  wordPack,
} from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { useBlock } from "wagmi";
import type { GardenCrop } from "../garden/chain-crop";
import { marketWords } from "../i18n/market";
import "./market.css";
import {
  checkSellForm,
  DEFAULT_LISTING_DAYS,
  halfOf,
  MAX_LISTING_DAYS,
  pricePercentText,
  retypePricePercent,
  type SellFormResult,
} from "./market-figures";
import { OrderTermsFields } from "./OrderTermsFields";
import { useSellListing } from "./use-sell-listing";

/** The price a sell form starts at: 98 % of face value (a 2 % discount). */
const DEFAULT_PRICE_TEXT = "98";

/**
 * "Sell on the market" from a plant: shares (all by default; half one press away), a price as a percent of face value
 * with the GOLD it comes to and the yield it gives the buyer, an expiry of 1 to 30 days; then the market's approval
 * once, one signature and the listing is in the book.
 */
export function SellListingPanel({ crop }: { crop: GardenCrop }) {
  wordPack(marketWords);
  const { t, language } = useI18n();
  const format = useFormat();
  const held = BigInt(crop.shares);
  // Kept with the language they were typed in: a language switch re-writes them, never changes their quantity.
  const [sharesText, setSharesText] = useTypedAmount((typedIn) => goldInputText(held, typedIn));
  const [priceText, setPriceText] = useTypedAmount(DEFAULT_PRICE_TEXT, retypePricePercent);
  const [daysText, setDaysText] = useState(String(DEFAULT_LISTING_DAYS));
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const rupiahPerGold = useRupiahRate();
  const feeBps = useChainConfig().data?.market?.feeBps ?? 0;
  const block = useBlock();
  const chainNow = block.data ? new Date(Number(block.data.timestamp) * 1000) : new Date();
  const sell = useSellListing();
  const id = useId();
  const form: SellFormResult = checkSellForm({
    sharesText,
    priceText,
    expiryDays: /^\d{1,3}$/.test(daysText.trim()) ? Number(daysText.trim()) : Number.NaN,
    held,
    language,
    rupiahPerGold,
  });
  const sharesProblem =
    form.ok || !form.shares
      ? null
      : form.shares.kind === "amount"
        ? goldProblemText(t, form.shares.problem)
        : form.shares.kind === "zero"
          ? goldProblemText(t, { kind: "zero" })
          : t("market.problem.moreThanHeld", { amount: format.gold(form.shares.held, 18) });
  const priceProblem = form.ok || !form.price ? null : t(`market.problem.price.${form.price}`);
  const expiryProblem =
    form.ok || !form.expiry ? null : t("market.problem.expiry", { max: MAX_LISTING_DAYS });
  const shown = (problem: string | null) => (touched ? problem : null);
  const buyerYield = form.ok
    ? impliedYield({
        shares: form.shares,
        price: form.price,
        yieldBps: crop.invoice.yieldBps,
        status: crop.invoice.status,
        maturity: crop.invoice.maturity ? new Date(crop.invoice.maturity) : null,
        now: chainNow,
      })
    : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (form.ok && !sell.busy) setChecking(true);
  };
  // Nothing is signed before the amounts are checked in the page's number format and in words (GoldCheck).
  const list = () => {
    setChecking(false);
    if (!form.ok || sell.busy) return;
    void sell.list(crop.cropId, form.shares, form.price, form.expiryDays);
  };

  if (sell.listed)
    return (
      <Notice tone="success">
        <span data-testid="sell-listed" data-nonce={sell.listed.nonce}>
          {t("market.listed", { amount: format.gold(BigInt(sell.listed.shares), 4) })}
        </span>{" "}
        <Link to="/market#my-orders">{t("market.toMyOrders")}</Link>
      </Notice>
    );
  return (
    <form className="buy-panel sell-panel" onSubmit={onSubmit} noValidate data-testid="sell-form">
      <div className={shown(sharesProblem) ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={`${id}-shares`}>{t("market.sharesToSell")}</label>
        <GoldInput
          id={`${id}-shares`}
          value={sharesText}
          onChange={setSharesText}
          aria-invalid={shown(sharesProblem) !== null}
          aria-describedby={`${id}-shares-hint`}
          disabled={sell.busy}
        />
        <span className="sell-panel__quick">
          <button
            type="button"
            className="link-button"
            onClick={() => setSharesText(goldInputText(halfOf(held), language))}
            data-testid="sell-half"
          >
            {t("market.half")}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => setSharesText(goldInputText(held, language))}
            data-testid="sell-all"
          >
            {t("market.all")}
          </button>
        </span>
        <p id={`${id}-shares-hint`} className="muted small">
          {t("market.sharesHint", { amount: format.gold(held, 4) })}
        </p>
        {shown(sharesProblem) && (
          <p className="farm-field__error" role="alert" data-testid="sell-shares-problem">
            {sharesProblem}
          </p>
        )}
      </div>
      <OrderTermsFields
        id={id}
        testIdPrefix="sell"
        priceText={priceText}
        onPriceText={setPriceText}
        priceProblem={shown(priceProblem)}
        priceDescribedBy={`${id}-price-preview`}
        expiryLabel={t("market.expiryLabel")}
        daysText={daysText}
        onDaysText={setDaysText}
        expiryProblem={shown(expiryProblem)}
        disabled={sell.busy}
      />
      <div id={`${id}-price-preview`} aria-live="polite">
        {form.ok && (
          <dl className="preview" data-testid="sell-preview">
            <div>
              <dt>{t("market.buyerPays")}</dt>
              <dd data-testid="sell-cost" data-base-units={form.cost.toString()}>
                <GoldAmount value={form.cost} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{t("market.youReceive")}</dt>
              <dd data-testid="sell-proceeds">
                <GoldAmount value={form.cost - tradeFee(form.cost, feeBps)} digits={4} />
                {feeBps > 0 && (
                  <>
                    {" "}
                    <span className="muted small">
                      {t("market.afterFee", { percent: format.percentBps(feeBps) })}
                    </span>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>{t("market.buyerYield")}</dt>
              <dd data-testid="sell-buyer-yield">
                {buyerYield?.defined
                  ? t("market.yieldToMaturity", {
                      percent: format.percentBps(buyerYield.termBps),
                      days: buyerYield.daysLeft,
                    })
                  : t(`market.noYield.${buyerYield?.reason ?? "notTradable"}`)}
                {buyerYield?.defined && (
                  <>
                    <br />
                    <span className="small">
                      {t("market.annualYield", { percent: format.percentBps(buyerYield.annualBps) })}
                    </span>
                  </>
                )}
              </dd>
            </div>
          </dl>
        )}
      </div>
      {checking && form.ok ? (
        <GoldCheck
          amount={form.cost - tradeFee(form.cost, feeBps)}
          onConfirm={list}
          onCancel={() => setChecking(false)}
        >
          <p>
            {t("market.checkSell", {
              shares: format.gold(form.shares, 4),
              percent: pricePercentText(form.price, language),
            })}
          </p>
        </GoldCheck>
      ) : null}
      <p className="muted small">{t("market.sellNote")}</p>
      <button type="submit" className="button" disabled={sell.busy} data-testid="sell-submit">
        {sell.step === "sign" ? t("market.signListing") : t("market.list")}
      </button>
      {sell.step === "posting" && <p role="status">{t("market.posting")}</p>}
      {sell.error && <Notice tone="error">{sell.error}</Notice>}
      <TxProgress state={sell.txState} />
    </form>
  );
}
