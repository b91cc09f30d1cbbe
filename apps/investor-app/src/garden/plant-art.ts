import type { CropStage } from "@farm/core";

/** Everything the SVG needs to draw one plot; a pure function of stage and watering so it can be tested. */
export interface PlantArt {
  /** Stem height in view-box units (0 = nothing above ground). */
  stemHeight: number;
  /** Number of leaf pairs on the stem. */
  leafPairs: number;
  leafColor: string;
  stemColor: string;
  /** Fruit drawn at the top, or null. */
  fruit: { count: number; color: string } | null;
  /** Degrees the stem leans: wilting and withered plants droop. */
  droop: number;
  soilColor: string;
  /** A seed in the soil (funding still open, or a refund to claim). */
  showSeed: boolean;
  /** An empty plot with a basket: the crop was harvested. */
  showBasket: boolean;
  /** An arrow back up to the investor: funding failed and the principal can be refunded. */
  showReturnArrow: boolean;
  /** Drops drawn over the plot when the crop was watered today. */
  showDrops: boolean;
}

const healthyLeaf = "#3f9b4b";
const healthyStem = "#2f6b3a";
const dryLeaf = "#b5a13a";
const deadLeaf = "#8a6a45";
const drySoil = "#a47b53";
const wetSoil = "#6e4a2c";

const byStage: Record<CropStage, Omit<PlantArt, "soilColor" | "showDrops">> = {
  seed: baseArt({ showSeed: true }),
  sprout: baseArt({ stemHeight: 14, leafPairs: 1 }),
  growing: baseArt({ stemHeight: 30, leafPairs: 2 }),
  ripe: baseArt({ stemHeight: 38, leafPairs: 3, fruit: { count: 3, color: "#e0a526" } }),
  wilting: baseArt({ stemHeight: 30, leafPairs: 2, leafColor: dryLeaf, droop: 25 }),
  withered: baseArt({ stemHeight: 22, leafPairs: 1, leafColor: deadLeaf, stemColor: deadLeaf, droop: 55 }),
  returned: baseArt({ showSeed: true, showReturnArrow: true }),
  harvested: baseArt({ showBasket: true }),
};

function baseArt(overrides: Partial<PlantArt>): Omit<PlantArt, "soilColor" | "showDrops"> {
  return {
    stemHeight: 0,
    leafPairs: 0,
    leafColor: healthyLeaf,
    stemColor: healthyStem,
    fruit: null,
    droop: 0,
    showSeed: false,
    showBasket: false,
    showReturnArrow: false,
    ...overrides,
  };
}

/** Watering is cosmetic and daily: the soil darkens and drops show, whatever the stage. */
export function plantArt(stage: CropStage, wateredToday: boolean): PlantArt {
  return { ...byStage[stage], soilColor: wateredToday ? wetSoil : drySoil, showDrops: wateredToday };
}
