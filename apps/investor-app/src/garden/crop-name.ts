import { type CommodityArt, type Crop, commodityOf } from "@farm/core";
import type { Translate } from "@farm/ui";

/** A crop is named after what its invoice sells, falling back to the seed number. */
export function cropName(t: Translate, crop: Crop): string {
  return crop.invoice.description ?? t("shop.seedNumber", { id: crop.cropId });
}

/** Which plant the garden draws for a crop: the commodity its invoice names, or the generic plant. */
export function cropCommodity(crop: Crop): CommodityArt {
  return commodityOf(crop.invoice.description);
}
