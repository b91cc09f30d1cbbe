import { farmNftAbi } from "@farm/contracts/abi";
import type { InvestorStatus } from "@farm/core";
import {
  GoldAmount,
  GoldCheck,
  GoldInput,
  goldProblemText,
  Notice,
  useFormat,
  useI18n,
  useRupiahRate,
  useT,
  useTypedAmount,
} from "@farm/ui";
import { TxProgress, useFarmContracts } from "@farm/ui/wallet";
import { type FormEvent, useRef, useState } from "react";
import { useAccount, useBlock, useReadContract } from "wagmi";
import "../i18n/verify";
import { ErrorNotice } from "../layout/ErrorNotice";
import { limitFigures, useInvestorStatus } from "../verify/use-investor-status";
import { useGoldBalance } from "../wallet/use-gold-balance";
import { BuyLock } from "./BuyLock";
import { maxPurchaseText } from "./max-purchase";
import { previewPayout } from "./payout-preview";
import type { ShopSeed } from "./shop-seed";
import { type PlantedPurchase, useBuySeed } from "./use-buy-seed";

type BuyProps = { seed: ShopSeed; onPlanted: (purchase: PlantedPurchase) => void };

/** Locked until `GET /api/investors/me` says the wallet may invest (verified, not frozen, risk statement accepted);
 *  then the purchase form, capped at what the wallet's limit leaves. */
export function BuySeedPanel(props: BuyProps) {
  const t = useT();
  const status = useInvestorStatus();
  if (status.error) return <ErrorNotice error={status.error} />;
  if (!status.data) return <p role="status">{t("common.loading")}</p>;
  if (!status.data.canInvest)
    return <BuyLock status={status.data} blockedBy={status.data.blockedBy ?? "unverified"} />;
  return <BuyForm {...props} status={status.data} />;
}

/** Amount in (read in the page's language), exact payout and date out, the amount checked in words, then one
 *  signature to plant. */
function BuyForm({ seed, onPlanted, status }: BuyProps & { status: InvestorStatus }) {
  const { t, language } = useI18n();
  const format = useFormat();
  // Kept with the language it was typed in: a language switch re-writes it, never changes its quantity.
  const [amountText, setAmountText] = useTypedAmount("");
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const balance = useGoldBalance();
  const purchase = useBuySeed();
  const { farmNft } = useFarmContracts();
  const { address } = useAccount();
  const minInvestment = useReadContract({ address: farmNft, abi: farmNftAbi, functionName: "minInvestment" });
  // Maturity counts from the chain's clock (the funding transaction's block), not the browser's.
  const block = useBlock();
  const chainNow = block.data ? new Date(Number(block.data.timestamp) * 1000) : new Date();
  const sending = useRef(false);
  const rupiahPerGold = useRupiahRate();
  const limit = limitFigures(status);
  const preview = previewPayout(
    seed,
    { text: amountText, language, rupiahPerGold },
    balance.data ?? null,
    chainNow,
    {
      minInvestment: minInvestment.data ?? null,
      buyer: address ?? null,
      available: limit?.available ?? null,
    },
  );
  const inputId = `buy-amount-${seed.tokenId}`;
  const problem = preview.ok
    ? null
    : preview.reason === "amount"
      ? goldProblemText(t, preview.problem)
      : preview.reason === "empty"
        ? touched
          ? goldProblemText(t, { kind: "empty" })
          : null
        : preview.reason === "aboveLimit"
          ? t("lock.aboveLimit", {
              amount: format.gold(preview.available),
              limit: format.gold(limit?.limit ?? 0n),
            })
          : t(`shop.amount.${preview.reason}`, {
              minimum: minInvestment.data === undefined ? "" : format.gold(minInvestment.data),
            });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (preview.ok && !purchase.busy && !sending.current) setChecking(true);
  };

  const buy = () => {
    setChecking(false);
    if (!preview.ok || purchase.busy || sending.current) return;
    sending.current = true;
    void purchase
      .buy(seed.tokenId, preview.principal, (planted) => {
        // The form starts over after a purchase: nothing stays armed for a second buy by mistake.
        setAmountText("");
        setTouched(false);
        onPlanted(planted);
      })
      .finally(() => {
        sending.current = false;
      });
  };

  if (limit && limit.available === 0n) return <Notice tone="info">{t("lock.full")}</Notice>;
  return (
    <form className="buy-panel" onSubmit={onSubmit} noValidate>
      <div className={problem ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={inputId}>{t("shop.amountLabel")}</label>
        <GoldInput
          id={inputId}
          value={amountText}
          onChange={setAmountText}
          onBlur={() => setTouched(true)}
          aria-invalid={problem !== null}
          aria-describedby={`${inputId}-preview`}
          disabled={purchase.busy}
        />
        <button
          type="button"
          className="link-button"
          onClick={() =>
            setAmountText(maxPurchaseText(seed, balance.data, language, limit?.available ?? null))
          }
        >
          {t("shop.max")}
        </button>
      </div>
      <div id={`${inputId}-preview`} aria-live="polite">
        {problem && (
          <p className="farm-field__error" role="alert">
            {problem}
          </p>
        )}
        {preview.ok && (
          <dl className="preview" data-testid="payout-preview">
            <div>
              <dt>{t("shop.payout")}</dt>
              <dd data-testid="payout-total" data-base-units={preview.payout.toString()}>
                <GoldAmount value={preview.payout} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{t("shop.yieldPart")}</dt>
              <dd>
                <GoldAmount value={preview.yield} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{preview.fillsSeed ? t("shop.maturity") : t("shop.latestMaturity")}</dt>
              <dd>{format.date(preview.maturity)}</dd>
            </div>
          </dl>
        )}
        {preview.ok && preview.capped && (
          <p className="muted" data-testid="payout-capped">
            {t("shop.amount.capped", { amount: format.gold(preview.principal) })}
          </p>
        )}
        {preview.ok && !preview.fillsSeed && (
          <p className="muted">{t("shop.maturityNote", { days: seed.tenorDays })}</p>
        )}
      </div>
      {checking && preview.ok ? (
        <GoldCheck amount={preview.principal} onConfirm={buy} onCancel={() => setChecking(false)}>
          <p>
            {t("shop.check.payout", {
              amount: format.gold(preview.payout, 4),
              date: format.date(preview.maturity),
            })}
          </p>
        </GoldCheck>
      ) : null}
      <button type="submit" className="button" disabled={purchase.busy} data-testid="buy-submit">
        {purchase.step === "permit" ? t("shop.signPermit") : t("shop.buy")}
      </button>
      {purchase.step === "syncing" && <p role="status">{t("shop.syncing")}</p>}
      {purchase.error && <Notice tone="error">{purchase.error}</Notice>}
      <TxProgress state={purchase.txState} />
    </form>
  );
}
