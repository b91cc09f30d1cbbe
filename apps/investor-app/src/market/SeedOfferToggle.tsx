import { useChainConfig, useI18n, useSession, WhenWallet, wordPack } from "@farm/ui";
import { lazy, Suspense, useId, useState } from "react";
import { marketWords } from "../i18n/market";

// Making an offer signs and may approve GOLD: it comes with the wallet code.
const MakeOfferPanel = lazy(() =>
  import("./MakeOfferPanel").then((module) => ({ default: module.MakeOfferPanel })),
);

/**
 * "Make an offer" on a seed's fact sheet: a signed-in investor may bid for shares of a funded invoice that nobody
 * lists, and any holder may accept it from its garden or the stall. Nothing shows where the market is off.
 */
export function SeedOfferToggle({ tokenId }: { tokenId: string }) {
  wordPack(marketWords);
  const { t } = useI18n();
  const { session } = useSession();
  const market = useChainConfig().data?.market;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!market || session === null) return null;
  return (
    <section className="card stack" aria-labelledby={`${panelId}-title`} data-testid="seed-offer">
      <h2 id={`${panelId}-title`}>{t("market.offerForSeed")}</h2>
      <p className="muted small">{t("market.offerForSeedHowTo")}</p>
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="seed-offer-toggle"
      >
        {open ? t("common.close") : t("market.makeOffer")}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <WhenWallet fallback={<p role="status">{t("common.loading")}</p>}>
            <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
              <MakeOfferPanel entry={{ tokenId }} />
            </Suspense>
          </WhenWallet>
        )}
      </div>
    </section>
  );
}
