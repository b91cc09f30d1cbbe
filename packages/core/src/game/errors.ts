import type { ApiErrorCode } from "../api/errors";

/** Why a game move was refused; each code maps to one clear 4xx answer in the API (and is in its catalogue). */
export type GameRuleErrorCode = Extract<
  ApiErrorCode,
  | "NOT_ENOUGH_WATER"
  | "ALREADY_WATERED_TODAY"
  | "CROP_NOT_WATERABLE"
  | "CROP_TOO_SMALL"
  | "NOT_YOUR_CROP"
  | "INVALID_XP_AMOUNT"
  | "UNKNOWN_QUEST"
>;

export class GameRuleError extends Error {
  override readonly name = "GameRuleError";
  constructor(
    readonly code: GameRuleErrorCode,
    message: string,
  ) {
    super(message);
  }
}
