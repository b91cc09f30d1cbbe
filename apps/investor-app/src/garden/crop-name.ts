import type { Crop } from "@farm/core";
import type { Translate } from "@farm/ui";

/** A crop is named after what its invoice sells, falling back to the seed number. */
export function cropName(t: Translate, crop: Crop): string {
  return crop.invoice.description ?? t("shop.seedNumber", { id: crop.cropId });
}
