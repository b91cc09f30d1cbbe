import { GOLD_DECIMALS } from "../gold";
import { utcDay } from "./day";
import { GameRuleError } from "./errors";
import { XP_PER_PLANTING } from "./xp";

/** Smallest investment that earns planting XP: 10 GOLD. Dust still plants a crop, but earns no XP. */
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
