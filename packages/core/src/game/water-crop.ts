import { ONE_GOLD } from "../gold";
import { type CropStage, isWaterable } from "./crop-stage";
import { GameRuleError } from "./errors";
import { holdingEarnsXp, MIN_PLANTING_FOR_XP } from "./planting-xp";
import { type PlayerState, settleWater } from "./player";
import { WATER_COST } from "./water";
import { grantXp, XP_PER_WATERING } from "./xp";

export interface WaterCrop {
  type: "waterCrop";
  stage: CropStage;
  /** Shares the wallet holds: a holding under MIN_PLANTING_FOR_XP (dust) is not watered. */
  shares: bigint;
  /** True when this crop already has a watering on the current UTC day. */
  wateredToday: boolean;
}

/** Whether a wallet's crop is its own: it holds shares of the invoice, or harvested them (a harvested plant stays). */
export function holdsCrop(holding: { shares: bigint; hasHarvested: boolean }): boolean {
  return holding.shares > 0n || holding.hasHarvested;
}

/** The refusal for a wallet that waters, or otherwise tends, an invoice it holds no part of. */
export function assertHoldsCrop(holding: { shares: bigint; hasHarvested: boolean }, tokenId: bigint): void {
  if (!holdsCrop(holding))
    throw new GameRuleError(
      "NOT_YOUR_CROP",
      `You hold no shares of invoice ${tokenId}, so it is not your crop`,
    );
}

/**
 * Waters one crop of 10 GOLD or more: costs 10 water (after the lazy refill), gives 5 XP, once per crop per UTC day.
 * Money and maturity are untouched.
 */
export function waterCrop(state: PlayerState, action: WaterCrop, now: Date): PlayerState {
  if (!isWaterable(action.stage))
    throw new GameRuleError("CROP_NOT_WATERABLE", `a ${action.stage} crop cannot be watered`);
  if (!holdingEarnsXp(action.shares))
    throw new GameRuleError(
      "CROP_TOO_SMALL",
      `a holding under ${MIN_PLANTING_FOR_XP / ONE_GOLD} GOLD is too small to water; it earns no XP`,
    );
  if (action.wateredToday)
    throw new GameRuleError(
      "ALREADY_WATERED_TODAY",
      "this crop was already watered today; try again after 00:00 UTC",
    );
  const settled = settleWater(state, now);
  if (settled.water < WATER_COST)
    throw new GameRuleError(
      "NOT_ENOUGH_WATER",
      `watering needs ${WATER_COST} water and ${settled.water} is left; the tank refills at 00:00 UTC`,
    );
  return grantXp(
    { ...settled, water: settled.water - WATER_COST },
    { type: "grantXp", amount: XP_PER_WATERING },
    now,
  );
}
