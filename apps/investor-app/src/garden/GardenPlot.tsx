import { type Crop, cropStateKey } from "@farm/core";
import { useT } from "@farm/ui";
import { CropPlant } from "./CropPlant";
import { cropName } from "./crop-name";

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
        <CropPlant crop={crop} />
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
