import type { CropStage } from "@farm/core";
import type { Translate } from "@farm/ui";

/** "Ripe, watered today": what a screen reader hears for a plant picture. */
export function plantLabel(t: Translate, stage: CropStage, wateredToday: boolean): string {
  return `${t(`stage.${stage}`)}, ${wateredToday ? t("garden.wateredToday") : t("garden.notWateredToday")}`;
}
