import { Notice, useT } from "@farm/ui";
import { useState } from "react";
import { Link } from "react-router";
import { GameStatePanel } from "../game/GameStatePanel";
import { PlayerSummary } from "../game/PlayerSummary";
import { useGameState } from "../game/use-game-state";
import { ErrorNotice } from "../layout/ErrorNotice";
import { NeedsWallet } from "../layout/NeedsWallet";
import { SignInRequired } from "../layout/SignInRequired";
import { WalletMatchesSession } from "../layout/WalletMatchesSession";
import { CropDetail } from "./CropDetail";
import { GardenPlot } from "./GardenPlot";
import { GardenScene } from "./GardenScene";
import { useGardenCrops } from "./use-garden-crops";
import { SeasonSlot, YardSlot } from "./yard/slots";

function Garden() {
  const t = useT();
  const crops = useGardenCrops();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const game = useGameState();
  const unlocked = game.data?.cosmetics.unlocked.map((cosmetic) => cosmetic.id) ?? [];
  if (crops.error) return <ErrorNotice error={crops.error} />;
  if (!crops.data) return <p role="status">{t("common.loading")}</p>;
  if (crops.data.length === 0)
    return (
      <div className="stack">
        <GardenScene unlocked={unlocked} yard={<YardSlot />}>
          {[0, 1, 2].map((plot) => (
            <li key={plot} className="plot plot--empty" aria-hidden="true" />
          ))}
        </GardenScene>
        <Notice tone="info">
          <span data-testid="garden-empty">
            {t("garden.emptyHint")} {t("garden.emptyHintNoGold")}
          </span>{" "}
          <Link to="/shop" className="ds-button">
            {t("garden.toShop")}
          </Link>
        </Notice>
      </div>
    );
  const selected = crops.data.find((crop) => crop.cropId === selectedId) ?? crops.data[0]!;
  return (
    <div className="garden">
      <GardenScene unlocked={unlocked} yard={<YardSlot />}>
        {crops.data.map((crop) => (
          <GardenPlot
            key={crop.cropId}
            crop={crop}
            selected={crop.cropId === selected.cropId}
            onSelect={() => {
              setSelectedId(crop.cropId);
              // On a phone the detail sits below the plots: bring the one just chosen into view.
              requestAnimationFrame(() =>
                document.querySelector('[data-testid="crop-detail"]')?.scrollIntoView({ block: "nearest" }),
              );
            }}
          />
        ))}
      </GardenScene>
      <CropDetail key={selected.cropId} crop={selected} />
    </div>
  );
}

export default function FarmPage() {
  const t = useT();
  return (
    <section aria-labelledby="farm-title" className="stack">
      <h1 id="farm-title">{t("garden.title")}</h1>
      <nav aria-label={t("garden.more")} className="farm-links">
        <Link to="/neighbours" data-testid="farm-link-neighbours">
          {t("garden.neighbours")}
        </Link>
        <Link to="/almanac" data-testid="farm-link-almanac">
          {t("garden.almanac")}
        </Link>
      </nav>
      <SignInRequired>
        <NeedsWallet>
          <WalletMatchesSession>
            <PlayerSummary />
            <Garden />
            <SeasonSlot />
            <GameStatePanel />
          </WalletMatchesSession>
        </NeedsWallet>
      </SignInRequired>
    </section>
  );
}
