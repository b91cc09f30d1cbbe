import { type CropStage, termProgress } from "@farm/core";

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
  /** 0..1: how far through its stage the plant is (stageShare). */
  share: number;
  /** 0..1: how big the plant is drawn; grows with the share of its stage passed. */
  growth: number;
  /** Flower buds drawn on a growing plant, more as its stage runs (0..3). */
  buds: number;
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

/** A time as the API sends it (ISO text) or as the chain's block gives it (a Date). */
type Time = string | Date;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * The share of a crop's term that has passed at the chain's time `asOf` (the answer's `asOf` or the latest block's
 * timestamp): 0 before funding, 1 from maturity on. It takes the chain's time as an argument and never reads the
 * device's clock, so a plant grows between visits as the chain's time runs, and only so.
 */
export function growthShare(fundedAt: Time | null, maturity: Time | null, asOf: Time): number {
  const date = (time: Time | null) => (time === null ? null : new Date(time));
  return clamp01(termProgress(date(fundedAt), date(maturity), new Date(asOf)));
}

/**
 * How far through its own stage the plant is, 0..1, from the term's share: a sprout spans the first third of the
 * term and a growing plant the rest (the thirds of `growthOf` in core); seeds have not started, later stages are done.
 */
export function stageShare(stage: CropStage, progress: number): number {
  const p = clamp01(progress);
  switch (stage) {
    case "sprout":
      return clamp01(p * 3);
    case "growing":
      return clamp01((p - 1 / 3) * 1.5);
    case "seed":
    case "returned":
      return 0;
    default:
      return 1;
  }
}

/** Sprouts grow from 0.3 to 0.6 of full size and growing plants from 0.6 to 0.95 through their stage. */
function growthOf(stage: CropStage, share: number): number {
  switch (stage) {
    case "sprout":
      return 0.3 + 0.3 * share;
    case "growing":
      return 0.6 + 0.35 * share;
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

/** Flower buds a growing plant shows, one more each quarter of its stage (0 to 3); none in other stages. */
function budsOf(stage: CropStage, share: number): number {
  return stage === "growing" ? Math.min(3, Math.floor(share * 4)) : 0;
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
  const share = stageShare(stage, progress);
  return {
    share,
    growth: growthOf(stage, share),
    buds: budsOf(stage, share),
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
