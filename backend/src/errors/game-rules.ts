import { GameRuleError, type GameRuleErrorCode } from "@farm/core";
import { AppError } from "./index";

const statusOf: Record<GameRuleErrorCode, number> = {
  NOT_ENOUGH_WATER: 422,
  ALREADY_WATERED_TODAY: 409,
  CROP_NOT_WATERABLE: 422,
  CROP_TOO_SMALL: 422,
  NOT_YOUR_CROP: 403,
  INVALID_XP_AMOUNT: 422,
  UNKNOWN_QUEST: 422,
};

/** Turns a refused game move into the API's error: same code and message, the status its kind calls for. */
export function toAppError(error: GameRuleError): AppError {
  return new AppError(statusOf[error.code], error.code, error.message);
}

/** Runs a pure rule and reports a refusal as an AppError. */
export function applyRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof GameRuleError) throw toAppError(error);
    throw error;
  }
}
