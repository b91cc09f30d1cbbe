import type { Crop } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { Link } from "react-router";
import { LazyCropArt } from "../garden/art/LazyCropArt";
import { cropCommodity, cropName } from "../garden/crop-name";
import { plantLabel } from "../garden/stage-label";
import { useGardenCrops } from "../garden/use-garden-crops";
import { ErrorNotice } from "../layout/ErrorNotice";

const finishedStages = new Set<Crop["stage"]>(["harvested"]);

/** Crops still in the ground, ripe ones first so what can be harvested now is seen first. */
export function ActiveCrops() {
  const t = useT();
  const crops = useGardenCrops();
  if (crops.error) return <ErrorNotice error={crops.error} />;
  if (!crops.data) return <p role="status">{t("common.loading")}</p>;
  const active = crops.data
    .filter((crop) => !finishedStages.has(crop.stage))
    .sort((a, b) => Number(b.canHarvest) - Number(a.canHarvest));
  const ripe = active.filter((crop) => crop.canHarvest).length;
  return (
    <section className="card" aria-labelledby="active-title">
      <div className="card__head">
        <h2 id="active-title">{t("home.activeCrops")}</h2>
        <Link to="/farm">{t("home.toGarden")}</Link>
      </div>
      {ripe > 0 && (
        <Notice tone="success">
          <span data-testid="ripe-now">{t("home.ripeNow", { count: ripe })}</span>
        </Notice>
      )}
      {active.length === 0 ? (
        <p className="muted">
          {t("garden.empty")} <Link to="/shop">{t("garden.toShop")}</Link>
        </p>
      ) : (
        <ul className="crop-list">
          {active.map((crop) => (
            <li key={crop.cropId} className="crop-line" data-testid="active-crop">
              <LazyCropArt
                commodity={cropCommodity(crop)}
                stage={crop.stage}
                progress={crop.progress}
                wateredToday={crop.wateredToday}
                label={plantLabel(t, crop.stage, crop.wateredToday, cropCommodity(crop))}
                size={48}
              />
              <span className="crop-line__name">{cropName(t, crop)}</span>
              <span className={`stage-tag stage-tag--${crop.stage}`}>{t(`stage.${crop.stage}`)}</span>
              <span className="muted small">
                {crop.canHarvest
                  ? t("home.harvestNow")
                  : crop.daysToMaturity === null
                    ? t("home.fundingOpen")
                    : t("garden.daysLeft", { days: crop.daysToMaturity })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
