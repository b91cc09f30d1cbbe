import type { Translate } from "@farm/ui";

/** "Ripe, watered today": what a screen reader hears for a plant picture, in the crop state's own words. */
export function plantLabel(t: Translate, stateKey: string, wateredToday: boolean): string {
  return `${t(stateKey)}, ${wateredToday ? t("garden.wateredToday") : t("garden.notWateredToday")}`;
}
