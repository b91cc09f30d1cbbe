import { type Crop, cropStateKey } from "@farm/core";
import { useT } from "@farm/ui";
import { LazyCropArt } from "./art/LazyCropArt";
import { cropCommodity } from "./crop-name";
import { plantLabel } from "./stage-label";

/** A crop's plant as the garden, its detail and the home page draw it: its commodity at its stage, labelled. */
export function CropPlant({ crop, size }: { crop: Crop; size?: number }) {
  const t = useT();
  const commodity = cropCommodity(crop);
  return (
    <LazyCropArt
      commodity={commodity}
      stage={crop.stage}
      progress={crop.progress}
      wateredToday={crop.wateredToday}
      label={plantLabel(t, cropStateKey(crop.state), crop.wateredToday, commodity)}
      {...(size === undefined ? {} : { size })}
    />
  );
}
