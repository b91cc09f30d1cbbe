import { type Crop, cropStateKey } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { Link } from "react-router";
import { CropPlant } from "../garden/CropPlant";
import { cropName } from "../garden/crop-name";
import { useGardenCrops } from "../garden/use-garden-crops";
import { ErrorNotice } from "../layout/ErrorNotice";

/** What a line says beside the state's name: the one action when there is one, else the days left. */
function lineHint(t: ReturnType<typeof useT>, crop: Crop): string | null {
  const { state } = crop;
  if (state.action === "refund" && state.closeFirst) return t("cropAction.closeAndRefund");
  if (state.action) return t(`cropAction.${state.action}`);
  if (state.daysToHarvest !== null) return t("cropState.daysToHarvest", { count: state.daysToHarvest });
  return null;
}

function CropLines({ crops, testId }: { crops: Crop[]; testId: string }) {
  const t = useT();
  return (
    <ul className="crop-list">
      {crops.map((crop) => {
        const key = cropStateKey(crop.state);
        const hint = lineHint(t, crop);
        return (
          <li key={crop.cropId} className="crop-line" data-testid={testId} data-state={crop.state.name}>
            <CropPlant crop={crop} size={48} />
            <span className="crop-line__name">{cropName(t, crop)}</span>
            <span className={`stage-tag stage-tag--${crop.stage}`}>{t(key)}</span>
            {hint && <span className="muted small">{hint}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Crops still in the ground (ripe ones first, so what can be harvested now is seen first), then those waiting for
 * their holder (a refund or a recovery), each with the words of its state; finished crops stay in the garden.
 */
export function ActiveCrops() {
  const t = useT();
  const crops = useGardenCrops();
  if (crops.error) return <ErrorNotice error={crops.error} />;
  if (!crops.data) return <p role="status">{t("common.loading")}</p>;
  const growing = crops.data
    .filter((crop) => crop.state.group === "growing")
    .sort((a, b) => Number(b.state.action !== null) - Number(a.state.action !== null));
  const attention = crops.data.filter((crop) => crop.state.group === "attention");
  const ripe = growing.filter((crop) => crop.state.action === "harvest").length;
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
      {growing.length === 0 ? (
        <p className="muted">
          {crops.data.length === 0 ? t("garden.empty") : t("home.nothingGrowing")}{" "}
          <Link to="/shop">{t("garden.toShop")}</Link>
        </p>
      ) : (
        <CropLines crops={growing} testId="active-crop" />
      )}
      {attention.length > 0 && (
        <>
          <h3>{t("home.needsYou")}</h3>
          <CropLines crops={attention} testId="attention-crop" />
        </>
      )}
    </section>
  );
}
