import { GoldAmount, shortAddress, useFormat, useT } from "@farm/ui";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useApprovedInvoices } from "../shop/approved-invoices";
import type { ChainShop } from "../shop/ChainShopReader";
import { LazyChainShop } from "../shop/LazyChainShop";
import { defaultSeedFilter, filterAndSortSeeds } from "../shop/seed-filters";
import { amountLeft } from "../shop/shop-seed";
import { annualYieldBps } from "../shop/yield-rates";

const featuredCount = 3;

/**
 * The best-paying seeds on sale now, as a way into the shop: from the backend's index for a visitor without the
 * wallet code (the page needs none), from the chain once the wallet is here (the index may lag a fresh approval).
 */
export function FeaturedSeeds() {
  const t = useT();
  const format = useFormat();
  const [chain, setChain] = useState<ChainShop | null>(null);
  const approved = useApprovedInvoices();
  const seeds = chain?.seeds ?? approved.data?.indexedSeeds;
  const error = chain?.error ?? (chain?.seeds ? null : approved.error);
  const reader = <LazyChainShop onChange={setChain} />;
  if (error)
    return (
      <>
        {reader}
        <ErrorNotice error={error} />
      </>
    );
  const featured = seeds ? filterAndSortSeeds(seeds, defaultSeedFilter).slice(0, featuredCount) : [];
  return (
    <section className="card" aria-labelledby="featured-title">
      {reader}
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
