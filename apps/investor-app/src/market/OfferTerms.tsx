import type { MarketBookEntry } from "@farm/core";
import { GoldAmount, useFormat, useI18n } from "@farm/ui";
import { DiscountText } from "./ListingCard";
import { pricePercentText } from "./market-figures";

/** An offer's terms on its line: shares wanted at a percent of face value and their GOLD cost; discount and expiry. */
export function OfferTerms({ entry }: { entry: MarketBookEntry }) {
  const { t, language } = useI18n();
  const format = useFormat();
  return (
    <>
      <span className="small">
        {t("market.offerTerms", {
          shares: format.gold(BigInt(entry.remaining), 4),
          percent: pricePercentText(BigInt(entry.price), language),
        })}{" "}
        <GoldAmount value={entry.cost} />
      </span>
      <span className="small">
        <DiscountText discountBps={entry.discountBps} /> ·{" "}
        {t("market.expiresOn", { date: format.date(entry.expiresAt) })}
      </span>
    </>
  );
}
