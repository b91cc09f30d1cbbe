import { type Crop, cropStateKey } from "@farm/core";
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
  const key = cropStateKey(crop.state);
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
        data-state={crop.state.name}
      >
        <LazyCropArt
          commodity={cropCommodity(crop)}
          stage={crop.stage}
          progress={crop.progress}
          wateredToday={crop.wateredToday}
          label={plantLabel(t, key, crop.wateredToday, cropCommodity(crop))}
        />
        <span className="plot__name">{cropName(t, crop)}</span>
        <span className={`stage-tag stage-tag--${crop.stage}`}>{t(key)}</span>
        {crop.state.daysToHarvest !== null && (
          <span className="muted small">
            {t("cropState.daysToHarvest", { count: crop.state.daysToHarvest })}
          </span>
        )}
      </button>
    </li>
  );
}
