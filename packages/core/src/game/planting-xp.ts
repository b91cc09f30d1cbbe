import { GOLD_DECIMALS } from "../gold";
import { utcDay } from "./day";
import { GameRuleError } from "./errors";
import { XP_PER_HARVEST, XP_PER_PLANTING } from "./xp";

/**
 * Smallest investment that earns planting XP, and smallest holding (shares, one per GOLD base unit of principal) that
 * is watered or harvested for XP: 10 GOLD. Dust still plants a crop and is harvested, but earns no XP.
 */
export const MIN_PLANTING_FOR_XP = 10n * 10n ** BigInt(GOLD_DECIMALS);
/** Plantings per wallet per UTC day that earn XP; more still plant, without XP. */
export const MAX_XP_PLANTINGS_PER_DAY = 5;

/** How many XP-earning plantings a wallet has made on one UTC day. */
export interface PlantingXpState {
  day: number;
  count: number;
}

export interface PlantSeed {
  type: "plantSeed";
  /** Principal invested, GOLD base units. */
  amount: bigint;
}

/** XP one verified investment earns at `now` (its block time), and the wallet's updated daily count. */
export function plantingXp(
  state: PlantingXpState,
  action: PlantSeed,
  now: Date,
): { xp: number; state: PlantingXpState } {
  if (action.amount <= 0n) throw new GameRuleError("INVALID_XP_AMOUNT", "an investment is a positive amount");
  const day = utcDay(now);
  // An event of an earlier day than the one counted (seen late) counts against the later day: never more XP.
  const today = day > state.day ? { day, count: 0 } : state;
  if (action.amount < MIN_PLANTING_FOR_XP || today.count >= MAX_XP_PLANTINGS_PER_DAY)
    return { xp: 0, state: today };
  return { xp: XP_PER_PLANTING, state: { day: today.day, count: today.count + 1 } };
}

/** Whether a holding of `shares` is a crop the game rewards (watering, harvest): MIN_PLANTING_FOR_XP worth or more. */
export function holdingEarnsXp(shares: bigint): boolean {
  return shares >= MIN_PLANTING_FOR_XP;
}

/**
 * XP a harvest of `shares` earns: XP_PER_HARVEST from MIN_PLANTING_FOR_XP up, none for dust (a share bought for a wei
 * on the market would otherwise earn 50 XP, the harvest quests and the harvest achievements).
 */
export function harvestXp(shares: bigint): number {
  return holdingEarnsXp(shares) ? XP_PER_HARVEST : 0;
}
