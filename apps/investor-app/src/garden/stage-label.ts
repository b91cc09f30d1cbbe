import type { CommodityArt, CropStage } from "@farm/core";
import type { Translate } from "@farm/ui";

/** "Coffee, ripe, watered today": what a screen reader hears for a plant picture. */
export function plantLabel(
  t: Translate,
  stage: CropStage,
  wateredToday: boolean,
  commodity: CommodityArt = "generic",
): string {
  const watered = wateredToday ? t("garden.wateredToday") : t("garden.notWateredToday");
  return `${t(`commodity.${commodity}`)}, ${t(`stage.${stage}`)}, ${watered}`;
}
