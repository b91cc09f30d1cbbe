import type { Crop } from "@farm/core";
import { useT } from "@farm/ui";
import { LazyCropArt } from "./art/LazyCropArt";
import { cropCommodity, cropName } from "./crop-name";
import { plantLabel } from "./stage-label";

/** One plot in the garden; pressing it opens the crop's detail. */
export function GardenPlot({
  crop,
  selected,
  onSelect,
}: {
  crop: Crop;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        className={selected ? "plot plot--selected" : "plot"}
        aria-pressed={selected}
        onClick={onSelect}
        data-testid="garden-plot"
        data-crop-id={crop.cropId}
        data-stage={crop.stage}
      >
        <LazyCropArt
          commodity={cropCommodity(crop)}
          stage={crop.stage}
          progress={crop.progress}
          wateredToday={crop.wateredToday}
          label={plantLabel(t, crop.stage, crop.wateredToday, cropCommodity(crop))}
        />
        <span className="plot__name">{cropName(t, crop)}</span>
        <span className={`stage-tag stage-tag--${crop.stage}`}>{t(`stage.${crop.stage}`)}</span>
        {crop.daysToMaturity !== null && crop.daysToMaturity > 0 && (
          <span className="muted small">{t("garden.daysLeft", { days: crop.daysToMaturity })}</span>
        )}
      </button>
    </li>
  );
}
