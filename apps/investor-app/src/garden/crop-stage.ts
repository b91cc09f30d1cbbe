/** The stages a crop can be in; derived by the backend from the invoice's on-chain state and time. */
export const cropStages = [
  "seed",
  "sprout",
  "growing",
  "ripe",
  "wilting",
  "withered",
  "returned",
  "harvested",
] as const;

export type CropStage = (typeof cropStages)[number];

export function isCropStage(value: string): value is CropStage {
  return (cropStages as readonly string[]).includes(value);
}
