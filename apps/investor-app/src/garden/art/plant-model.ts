import type { CropStage } from "@farm/core";

/** A term progress typical of each stage, to draw a stage at its real size where no crop gives one (gallery, tests). */
export const typicalProgress: Record<CropStage, number> = {
  seed: 0,
  sprout: 0.2,
  growing: 0.7,
  ripe: 1,
  harvested: 1,
  wilting: 1,
  withered: 1,
  returned: 0,
};

/** Colours of one plant drawing. */
export interface PlantPalette {
  leaf: string;
  leafDark: string;
  stem: string;
  fruit: string;
}

/** Everything a commodity's drawing needs, a pure function of the crop's real stage, progress and watering. */
export interface PlantModel {
  /** 0..1: how big the plant is drawn; follows the real progress through the term. */
  growth: number;
  /** Degrees the plant leans: thirsty, wilting and withered plants droop. */
  droop: number;
  palette: PlantPalette;
  /** Fruit, grain or tubers shown (ripe only). */
  fruiting: boolean;
  /** A plant is drawn at all (not for seed, returned or harvested). */
  showPlant: boolean;
  showSeed: boolean;
  showBasket: boolean;
  /** Coins rising back out of the soil: funding failed, the principal is refundable. */
  showReturn: boolean;
  soil: string;
  /** Drops and a shine: watered today. */
  showDrops: boolean;
  /** Cracks in the soil: a living plant not yet watered today. */
  showCracks: boolean;
}

const healthy: Omit<PlantPalette, "fruit"> = { leaf: "#4caf50", leafDark: "#2e7d32", stem: "#33691e" };
const thirsty: Omit<PlantPalette, "fruit"> = { leaf: "#7cb342", leafDark: "#558b2f", stem: "#4e6b1f" };
const dry: Omit<PlantPalette, "fruit"> = { leaf: "#c0a43a", leafDark: "#8d7a2a", stem: "#7a6a2a" };
const dead: Omit<PlantPalette, "fruit"> = { leaf: "#9a7b55", leafDark: "#6d543a", stem: "#5d4630" };

const living = new Set<CropStage>(["sprout", "growing", "ripe", "wilting"]);

/** Sprouts grow from 0.4 to 0.6 of full size and growing plants from 0.6 to 0.95 as the term runs. */
function growthOf(stage: CropStage, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  switch (stage) {
    case "sprout":
      return 0.4 + 0.6 * Math.min(p, 1 / 3); // progress < 1/3 here: 0.4 .. 0.6
    case "growing":
      return Math.min(0.95, 0.6 + 0.35 * Math.max(0, (p - 1 / 3) / (2 / 3)));
    case "ripe":
      return 1;
    case "wilting":
      return 0.95;
    case "withered":
      return 0.8;
    default:
      return 0;
  }
}

export function plantModel(
  stage: CropStage,
  progress: number,
  wateredToday: boolean,
  fruit: string,
): PlantModel {
  const isLiving = living.has(stage);
  const base =
    stage === "withered" ? dead : stage === "wilting" ? dry : isLiving && !wateredToday ? thirsty : healthy;
  const droop = stage === "withered" ? 38 : stage === "wilting" ? 18 : isLiving && !wateredToday ? 5 : 0;
  return {
    growth: growthOf(stage, progress),
    droop,
    palette: { ...base, fruit: stage === "withered" ? "#7a5a3a" : fruit },
    fruiting: stage === "ripe",
    showPlant: isLiving || stage === "withered",
    showSeed: stage === "seed" || stage === "returned",
    showBasket: stage === "harvested",
    showReturn: stage === "returned",
    soil: wateredToday ? "#6e4a2c" : "#b08457",
    showDrops: wateredToday && stage !== "harvested" && stage !== "returned",
    showCracks: !wateredToday && isLiving,
  };
}
