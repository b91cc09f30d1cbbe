import { commodityOf, dailyFeeOf } from "@farm/core";
import { GoldAmount, shortAddress, useFormat, useT, WhenWallet, wordPack } from "@farm/ui";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { LazyCropArt } from "../garden/art/LazyCropArt";
import { lookWords } from "../i18n/look";
import { EvidenceBadges } from "./EvidenceBadges";
import { amountLeft, fundingPercent, type ShopSeed } from "./shop-seed";
import type { PlantedPurchase } from "./use-buy-seed";
import { annualYieldBps } from "./yield-rates";

// The buy form sends with the wallet: it comes with the wallet code, which the shop asks for as it opens.
const BuySeedPanel = lazy(() =>
  import("./BuySeedPanel").then((module) => ({ default: module.BuySeedPanel })),
);

wordPack(lookWords);

/** One seed for sale with everything needed to decide, and the buy form behind a disclosure button. */
export function SeedCard({
  seed,
  canBuy,
  onPlanted,
}: {
  seed: ShopSeed;
  canBuy: boolean;
  onPlanted: (purchase: PlantedPurchase) => void;
}) {
  const t = useT();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const percent = fundingPercent(seed);
  const commodity = commodityOf(seed.crop);
  const titleId = `seed-${seed.tokenId}-title`;
  const panelId = `seed-${seed.tokenId}-buy`;
  return (
    <article
      className="card seed"
      aria-labelledby={titleId}
      data-testid="seed-card"
      data-token-id={seed.tokenId.toString()}
    >
      <header className="seed__head">
        <span className="seed__packet">
          <LazyCropArt
            commodity={commodity}
            stage="ripe"
            progress={1}
            wateredToday={true}
            label={t("look.stall.packet", { crop: t(`commodity.${commodity}`) })}
            size={64}
          />
        </span>
        <h2 id={titleId}>{seed.crop ?? t("shop.seedNumber", { id: seed.tokenId.toString() })}</h2>
        <p className="muted">
          {seed.farmerName ?? shortAddress(seed.farmer)}
          {seed.region ? ` · ${seed.region}` : ""}
        </p>
      </header>
      <EvidenceBadges evidence={seed.evidence} />
      <dl className="seed__facts money money-sheet" data-theme="trust">
        <div>
          <dt>{t("shop.termYield")}</dt>
          <dd className="seed__yield" data-testid="seed-term-yield">
            {format.percentBps(seed.yieldBps)} %{" "}
            <span className="muted small">{t("shop.days", { days: seed.tenorDays })}</span>
            <br />
            <span className="small" data-testid="seed-daily-rate">
              {t("shop.dailyRate", {
                rate: format.number(dailyFeeOf(seed.yieldBps, seed.tenorDays) / 10_000, 3),
              })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("shop.annualYield")}</dt>
          <dd>
            {format.percentBps(annualYieldBps(seed))} %
            <br />
            <span className="muted small">{t("shop.annualExplain")}</span>
          </dd>
        </div>
        <div>
          <dt>{t("shop.term")}</dt>
          <dd>{t("shop.days", { days: seed.tenorDays })}</dd>
        </div>
        <div>
          <dt>{t("shop.left")}</dt>
          <dd>
            <GoldAmount value={amountLeft(seed)} />
          </dd>
        </div>
        <div>
          <dt>{t("shop.deadline")}</dt>
          <dd>
            <time dateTime={seed.fundingDeadline.toISOString()}>{format.date(seed.fundingDeadline)}</time>
          </dd>
        </div>
      </dl>
      {seed.record ? (
        <p className="small" data-testid="seed-track-record">
          {seed.record.repaid + seed.record.defaulted + seed.record.inGrace + seed.record.overdue === 0
            ? t("shop.record.new")
            : t("shop.record", {
                repaid: seed.record.repaid,
                onTime: seed.record.onTime,
                defaulted: seed.record.defaulted,
              })}
          {seed.record.inGrace + seed.record.overdue > 0
            ? ` ${t("shop.record.late", { overdue: seed.record.overdue, inGrace: seed.record.inGrace })}`
            : null}
        </p>
      ) : null}
      <p>
        <Link to={`/seeds/${seed.tokenId}`} data-testid="seed-fact-sheet">
          {t("shop.factSheet")}
        </Link>
      </p>
      <div
        className="meter"
        role="progressbar"
        aria-label={t("shop.progress", { percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="meter__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small">
        {t("shop.progress", { percent })} · <GoldAmount value={seed.funded} rupiah={false} /> /{" "}
        <GoldAmount value={seed.amount} />
      </p>
      {canBuy ? (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            data-testid="seed-buy-toggle"
          >
            {open ? t("common.close") : t("shop.buySeed")}
          </button>
          <div id={panelId} hidden={!open}>
            {open && (
              <WhenWallet fallback={<p role="status">{t("common.loading")}</p>}>
                <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
                  <BuySeedPanel seed={seed} onPlanted={onPlanted} />
                </Suspense>
              </WhenWallet>
            )}
          </div>
        </>
      ) : (
        <p className="muted small">{t("shop.signInToBuy")}</p>
      )}
    </article>
  );
}
