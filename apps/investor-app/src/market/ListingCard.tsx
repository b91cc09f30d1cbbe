import { commodityOf, type Invoice, type MarketBookEntry } from "@farm/core";
import { apiGet, GoldAmount, Notice, RecordRate, shortAddress, useFormat, useI18n } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { lazy } from "react";
import { Link } from "react-router";
import { LazyCropArt } from "../garden/art/LazyCropArt";
import { PanelToggle } from "../layout/PanelToggle";
import { readInvoiceMetadata } from "../shop/invoice-metadata";
import { discountKind, listingWarning, orderKey, pricePercentText } from "./market-figures";

// Making an offer signs and may approve GOLD: it comes with the wallet code too.
const MakeOfferPanel = lazy(() =>
  import("./MakeOfferPanel").then((module) => ({ default: module.MakeOfferPanel })),
);

// The buy form sends with the wallet: it comes with the wallet code, as the shop's does.
const BuyListingPanel = lazy(() =>
  import("./BuyListingPanel").then((module) => ({ default: module.BuyListingPanel })),
);

/** The invoice's name and farm for the card (the fact sheet's request, so both share one answer). */
function useInvoiceNames(tokenId: string) {
  return useQuery({
    queryKey: ["invoice", tokenId],
    queryFn: ({ signal }) => apiGet<Invoice>(`/invoices/${tokenId}`, signal),
    select: (invoice) => readInvoiceMetadata(invoice),
    staleTime: 60_000,
  });
}

/** Where the price stands against face value, in words: "2 % below face value", "1 % above", "at face value". */
export function DiscountText({ discountBps }: { discountBps: number }) {
  const { t } = useI18n();
  const format = useFormat();
  const kind = discountKind(discountBps);
  return (
    <span data-testid="listing-discount" data-bps={discountBps} className={`discount discount--${kind}`}>
      {kind === "par"
        ? t("market.atPar")
        : t(`market.${kind}`, { percent: format.percentBps(Math.abs(discountBps)) })}
    </span>
  );
}

/** The yield to maturity a buyer gets at this price and its annual equivalent, or why there is none. */
export function ImpliedYieldText({ entry }: { entry: MarketBookEntry }) {
  const { t } = useI18n();
  const format = useFormat();
  if (entry.impliedYieldBps === null || entry.impliedAnnualYieldBps === null)
    return (
      <span data-testid="listing-yield" data-undefined={entry.impliedYieldUndefined ?? "notTradable"}>
        {t(`market.noYield.${entry.impliedYieldUndefined ?? "notTradable"}`)}
      </span>
    );
  return (
    <span data-testid="listing-yield" data-bps={entry.impliedYieldBps}>
      {t("market.yieldToMaturity", {
        percent: format.percentBps(entry.impliedYieldBps),
        days: entry.daysToMaturity ?? 0,
      })}
      <br />
      <span className="small" data-testid="listing-annual-yield" data-bps={entry.impliedAnnualYieldBps}>
        {t("market.annualYield", { percent: format.percentBps(entry.impliedAnnualYieldBps) })}
      </span>
    </span>
  );
}

/** The red warning before any button when the invoice is overdue or defaulted. */
export function ListingWarning({ entry }: { entry: MarketBookEntry }) {
  const { t } = useI18n();
  const warning = listingWarning(entry);
  if (!warning) return null;
  return (
    <div className="listing-warning" data-testid="listing-warning" data-kind={warning}>
      <Notice tone="error">{t(`market.warning.${warning}`)}</Notice>
    </div>
  );
}

/**
 * One listing at the market stall, as a seed card: the remaining shares at face value, the price in GOLD and Rupiah,
 * its discount or premium, the implied yield, the invoice's state and maturity, the farmer's and buyer's records, a red
 * warning for an overdue or defaulted invoice, then the buy form behind a button.
 */
export function ListingCard({
  entry,
  canBuy,
  paused = false,
  viewer,
  feeBps,
}: {
  entry: MarketBookEntry;
  canBuy: boolean;
  /** Trading is paused: no buy button (FarmMarket would refuse the fill); an offer may still be signed. */
  paused?: boolean;
  /** The signed-in wallet, to tell its own listings apart (FarmMarket refuses a self-trade). */
  viewer: string | null;
  feeBps: number;
}) {
  const { t, language } = useI18n();
  const format = useFormat();
  const names = useInvoiceNames(entry.tokenId);
  const crop = names.data?.crop ?? null;
  const key = orderKey(entry).replace(":", "-");
  const titleId = `listing-${key}-title`;
  const own = viewer !== null && viewer.toLowerCase() === entry.signer.toLowerCase();
  const maturity = entry.invoice.maturity;
  return (
    <article
      className="card seed listing"
      aria-labelledby={titleId}
      data-testid="listing-card"
      data-token-id={entry.tokenId}
      data-signer={entry.signer}
      data-nonce={entry.nonce}
    >
      <header className="seed__head">
        <LazyCropArt
          commodity={commodityOf(crop)}
          stage="growing"
          progress={0.6}
          wateredToday={true}
          label={t(`commodity.${commodityOf(crop)}`)}
          size={72}
        />
        <h2 id={titleId}>{crop ?? t("shop.seedNumber", { id: entry.tokenId })}</h2>
        <p className="muted">
          {names.data?.farmerName ?? shortAddress(entry.invoice.farmer)}
          {names.data?.region ? ` · ${names.data.region}` : ""}
        </p>
      </header>
      <ListingWarning entry={entry} />
      <dl className="seed__facts">
        <div>
          <dt>{t("market.faceValue")}</dt>
          <dd data-testid="listing-face" data-base-units={entry.faceValue}>
            <GoldAmount value={entry.faceValue} />
          </dd>
        </div>
        <div>
          <dt>{t("market.price")}</dt>
          <dd data-testid="listing-cost" data-base-units={entry.cost}>
            <GoldAmount value={entry.cost} />
            <br />
            <span className="muted small" data-testid="listing-price-percent">
              {t("market.pricePercent", { percent: pricePercentText(BigInt(entry.price), language) })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("market.againstFace")}</dt>
          <dd>
            <DiscountText discountBps={entry.discountBps} />
          </dd>
        </div>
        <div>
          <dt>{t("market.impliedYield")}</dt>
          <dd>
            <ImpliedYieldText entry={entry} />
          </dd>
        </div>
        <div>
          <dt>{t("garden.invoiceState")}</dt>
          <dd data-testid="listing-state" data-state={entry.invoice.state.name}>
            {t(`invoiceState.${entry.invoice.state.name}`)}
          </dd>
        </div>
        <div>
          <dt>{t("garden.maturity")}</dt>
          <dd>{maturity ? <time dateTime={maturity}>{format.date(maturity)}</time> : t("garden.notYet")}</dd>
        </div>
        <div>
          <dt>{t("market.listingExpires")}</dt>
          <dd>
            <time dateTime={entry.expiresAt}>{format.date(entry.expiresAt)}</time>
          </dd>
        </div>
      </dl>
      <dl className="listing__records small">
        <div>
          <dt>{t("market.farmerRecord")}</dt>
          <dd data-testid="listing-farmer-record">
            <RecordRate record={entry.farmerRecord} />
          </dd>
        </div>
        <div>
          <dt>{t("market.buyerRecord")}</dt>
          <dd data-testid="listing-buyer-record">
            {entry.buyerRecord ? (
              <>
                {entry.buyerRecord.name}: <RecordRate record={entry.buyerRecord.record} />
              </>
            ) : (
              t("market.buyerUnknown")
            )}
          </dd>
        </div>
      </dl>
      <p>
        <Link to={`/seeds/${entry.tokenId}`} data-testid="listing-fact-sheet">
          {t("shop.factSheet")}
        </Link>
      </p>
      {own ? (
        <p className="muted small" data-testid="listing-own">
          {t("market.ownListing")}
        </p>
      ) : canBuy ? (
        <>
          {paused ? (
            <p className="muted small" data-testid="listing-paused">
              {t("market.paused")}
            </p>
          ) : (
            <PanelToggle label={t("market.buy")} testId="listing-buy-toggle">
              <BuyListingPanel entry={entry} feeBps={feeBps} />
            </PanelToggle>
          )}
          <PanelToggle label={t("market.makeOffer")} testId="listing-offer-toggle" quiet>
            <MakeOfferPanel entry={entry} />
          </PanelToggle>
        </>
      ) : (
        <p className="muted small">{t("market.signInToBuy")}</p>
      )}
    </article>
  );
}
