import { Notice, useSession, useT } from "@farm/ui";
import { useState } from "react";
import { useConnection } from "wagmi";
import { ErrorNotice } from "../layout/ErrorNotice";
import { NeedsWallet } from "../layout/NeedsWallet";
import { PlantedBanner } from "../shop/PlantedBanner";
import { SeedCard } from "../shop/SeedCard";
import { SeedFilters } from "../shop/SeedFilters";
import { defaultSeedFilter, filterAndSortSeeds } from "../shop/seed-filters";
import type { PlantedPurchase } from "../shop/use-buy-seed";
import { useShopSeeds } from "../shop/use-shop-seeds";

function Shop() {
  const t = useT();
  const [filter, setFilter] = useState(defaultSeedFilter);
  const [planted, setPlanted] = useState<PlantedPurchase | null>(null);
  const { seeds, error } = useShopSeeds();
  const { session } = useSession();
  const { address } = useConnection();
  const canBuy = session !== null && address?.toLowerCase() === session.address.toLowerCase();
  const shown = seeds ? filterAndSortSeeds(seeds, filter) : [];
  return (
    <section aria-labelledby="shop-title" className="stack">
      <h1 id="shop-title">{t("shop.title")}</h1>
      <p className="muted">{t("shop.intro")}</p>
      {planted && <PlantedBanner purchase={planted} />}
      <SeedFilters filter={filter} onChange={setFilter} />
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

/** The shop reads the seeds on chain and buys with the wallet: its code comes with the page. */
export default function ShopRoute() {
  return (
    <NeedsWallet>
      <Shop />
    </NeedsWallet>
  );
}
