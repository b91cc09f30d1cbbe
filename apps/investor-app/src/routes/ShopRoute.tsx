import { Notice, useT, useWantWallet } from "@farm/ui";
import { useState } from "react";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useApprovedInvoices } from "../shop/approved-invoices";
import type { ChainShop } from "../shop/ChainShopReader";
import { LazyChainShop } from "../shop/LazyChainShop";
import { PlantedBanner } from "../shop/PlantedBanner";
import { SeedCard } from "../shop/SeedCard";
import { SeedFilters } from "../shop/SeedFilters";
import { defaultSeedFilter, filterAndSortSeeds } from "../shop/seed-filters";
import type { PlantedPurchase } from "../shop/use-buy-seed";

/**
 * The seeds for sale: from the backend's index at once (no wallet code needed to look), then from the chain
 * (`getAvailableInvoices`, the truth) once the wallet code, asked for as the page opens, is here; buying needs both.
 */
export default function ShopRoute() {
  const t = useT();
  const [filter, setFilter] = useState(defaultSeedFilter);
  const [planted, setPlanted] = useState<PlantedPurchase | null>(null);
  const [chain, setChain] = useState<ChainShop | null>(null);
  useWantWallet();
  const approved = useApprovedInvoices();
  const seeds = chain?.seeds ?? approved.data?.indexedSeeds;
  const error = chain?.error ?? (chain?.seeds ? null : approved.error);
  const canBuy = chain?.canBuy ?? false;
  const shown = seeds ? filterAndSortSeeds(seeds, filter) : [];
  return (
    <section aria-labelledby="shop-title" className="stack">
      <h1 id="shop-title">{t("shop.title")}</h1>
      <p className="muted">{t("shop.intro")}</p>
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
