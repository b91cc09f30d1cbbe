import type { CommodityArt } from "@farm/core";
import type { Translate } from "@farm/ui";

/** "Coffee, ripe, watered today": what a screen reader hears for a plant picture, in the crop state's own words
 *  (`stateKey` from cropStateKey). */
export function plantLabel(
  t: Translate,
  stateKey: string,
  wateredToday: boolean,
  commodity: CommodityArt = "generic",
): string {
  const watered = wateredToday ? t("garden.wateredToday") : t("garden.notWateredToday");
  return `${t(`commodity.${commodity}`)}, ${t(stateKey)}, ${watered}`;
}
