import { dailyFeeOf } from "@farm/core";
import { GoldAmount, shortAddress, useFormat, useT, useWalletLayer } from "@farm/ui";
import { Link } from "react-router";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useApprovedInvoices } from "../shop/approved-invoices";
import { defaultSeedFilter, filterAndSortSeeds } from "../shop/seed-filters";
import { amountLeft } from "../shop/shop-seed";
import { useShopSeeds } from "../shop/use-shop-seeds";
import { annualYieldBps } from "../shop/yield-rates";

const featuredCount = 3;

/**
 * The best-paying seeds on sale now, as a way into the shop: from the backend's index for a visitor without the
 * wallet code (the page needs none), from the chain once the wallet is here (the index may lag a fresh approval).
 */
export function FeaturedSeeds() {
  const t = useT();
  const format = useFormat();
  const approved = useApprovedInvoices();
  const wallet = useWalletLayer();
  // The home page stays light: the chain is read once the wallet is here anyway (the shop reads it at once).
  const onChain = useShopSeeds({ readChain: wallet.status === "ready" });
  const seeds = onChain.seeds ?? approved.data?.indexedSeeds;
  const error = onChain.error ?? (onChain.seeds ? null : approved.error);
  if (error) return <ErrorNotice error={error} />;
  const featured = seeds ? filterAndSortSeeds(seeds, defaultSeedFilter).slice(0, featuredCount) : [];
  return (
    <section className="card" aria-labelledby="featured-title">
      <div className="card__head">
        <h2 id="featured-title">{t("home.seeds")}</h2>
        <Link to="/shop">{t("home.toShop")}</Link>
      </div>
      {!seeds && <p role="status">{t("common.loading")}</p>}
      {seeds && featured.length === 0 && <p className="muted">{t("shop.empty")}</p>}
      <ul className="seed-list">
        {featured.map((seed) => (
          <li key={seed.tokenId.toString()} className="seed-line" data-testid="featured-seed">
            <span className="seed-line__name">
              {seed.crop ?? t("shop.seedNumber", { id: seed.tokenId.toString() })}
              <span className="muted small"> · {seed.farmerName ?? shortAddress(seed.farmer)}</span>
            </span>
            <span>
              {t("home.seedYield", {
                term: format.percentBps(seed.yieldBps),
                daily: format.number(dailyFeeOf(seed.yieldBps, seed.tenorDays) / 10_000, 3),
                annual: format.percentBps(annualYieldBps(seed)),
              })}
            </span>
            <span className="muted small">
              {t("shop.days", { days: seed.tenorDays })} · <GoldAmount value={amountLeft(seed)} />{" "}
              {t("home.left")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
