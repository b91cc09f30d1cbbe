import { useChainConfig, useI18n, useSession, wordPack } from "@farm/ui";
import { lazy, useId } from "react";
import { marketWords } from "../i18n/market";
import { PanelToggle } from "../layout/PanelToggle";

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
  const titleId = useId();
  if (!market || session === null) return null;
  return (
    <section className="card stack" aria-labelledby={titleId} data-testid="seed-offer">
      <h2 id={titleId}>{t("market.offerForSeed")}</h2>
      <p className="muted small">{t("market.offerForSeedHowTo")}</p>
      <PanelToggle label={t("market.makeOffer")} testId="seed-offer-toggle" quiet>
        <MakeOfferPanel entry={{ tokenId }} />
      </PanelToggle>
    </section>
  );
}
