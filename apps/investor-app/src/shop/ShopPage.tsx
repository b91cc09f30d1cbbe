import { Notice, useT, wordPack } from "@farm/ui";
import { useState } from "react";
import { Link } from "react-router";
import { lookWords } from "../i18n/look";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useApprovedInvoices } from "./approved-invoices";
import type { ChainShop } from "./ChainShopReader";
import { LazyChainShop } from "./LazyChainShop";
import { PlantedBanner } from "./PlantedBanner";
import { SeedCard } from "./SeedCard";
import { SeedFilters } from "./SeedFilters";
import { defaultSeedFilter, filterAndSortSeeds } from "./seed-filters";
import type { PlantedPurchase } from "./use-buy-seed";
import { useShopSeeds } from "./use-shop-seeds";

wordPack(lookWords);

/**
 * The seeds for sale: from the backend's index at once, then from the chain (`getAvailableInvoices`, the truth) read
 * with a bare public client; neither needs the wallet code, which comes when the visitor connects to buy.
 */
export default function ShopPage() {
  const t = useT();
  const [filter, setFilter] = useState(defaultSeedFilter);
  const [planted, setPlanted] = useState<PlantedPurchase | null>(null);
  const [chain, setChain] = useState<ChainShop | null>(null);
  const approved = useApprovedInvoices();
  const onChain = useShopSeeds();
  const seeds = onChain.seeds ?? approved.data?.indexedSeeds;
  const error = onChain.error ?? (onChain.seeds ? null : approved.error);
  const canBuy = chain?.canBuy ?? false;
  const shown = seeds ? filterAndSortSeeds(seeds, filter) : [];
  return (
    <section aria-labelledby="shop-title" className="stack">
      <header className="stall">
        <div className="stall__awning" aria-hidden="true" />
        <div className="stall__board">
          <h1 id="shop-title" className="stall__sign">
            {t("shop.title")}
          </h1>
          <p className="stall__note">{t("look.stall.awning")}</p>
        </div>
      </header>
      <p className="muted">{t("shop.intro")}</p>
      <p className="small">
        <Link to="/market" data-testid="shop-to-market">
          {t("shop.toMarket")}
        </Link>
      </p>
      {planted && <PlantedBanner purchase={planted} />}
      <SeedFilters filter={filter} onChange={setFilter} />
      <LazyChainShop onChange={setChain} />
      {error && <ErrorNotice error={error} />}
      {!seeds && !error && <p role="status">{t("common.loading")}</p>}
      {seeds && (
        <p role="status" className="muted small">
          {t("shop.count", { count: shown.length })}
        </p>
      )}
      {seeds && shown.length === 0 && <Notice tone="info">{t("shop.empty")}</Notice>}
      <div className="grid">
        {shown.map((seed) => (
          <SeedCard key={seed.tokenId.toString()} seed={seed} canBuy={canBuy} onPlanted={setPlanted} />
        ))}
      </div>
    </section>
  );
}
