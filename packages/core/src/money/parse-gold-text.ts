import { GOLD_DECIMALS } from "../gold";
import { type AmountStyle, decimalInputText, parseDecimalText } from "./parse-decimal-text";

export type { AmountStyle } from "./parse-decimal-text";

/** Why typed text is not an amount; `wrongSeparators` means it is written in another language's form. */
export type GoldTextProblem =
  | { kind: "empty" }
  | { kind: "notANumber" }
  | { kind: "wrongSeparators" }
  | { kind: "otherCurrency" }
  | { kind: "negative" }
  | { kind: "tooManyDecimals"; decimals: number }
  | { kind: "rupiahTooManyDecimals"; decimals: number }
  | { kind: "tooLarge"; maximum: bigint };

export type GoldTextResult = { ok: true; amount: bigint } | { ok: false; problem: GoldTextProblem };

const unit = /^gold\s*|\s*gold$/i;
// Rupiah is not GOLD: a figure written in Rp is refused, never read as GOLD by accident.
const rupiah = /^rp\.?|rp$|idr/i;

/**
 * Reads GOLD typed by a person in the page's language into base units, without floats: thousands grouped by the
 * language's separator or spaces (groups of three), at most 18 decimals after the language's decimal sign, an optional
 * "GOLD" before or after. Anything ambiguous is refused rather than guessed ("2.5" on an Indonesian page).
 */
export function parseGoldText(text: string, style: AmountStyle, maximum: bigint): GoldTextResult {
  const trimmed = text.trim().replace(unit, "").trim();
  if (rupiah.test(trimmed)) return { ok: false, problem: { kind: "otherCurrency" } };
  const read = parseDecimalText(trimmed, style, GOLD_DECIMALS, maximum);
  return read.ok ? { ok: true, amount: read.scaled } : read;
}

/** Base units as input text in the language's form with every decimal and no grouping: what a "max" button types. */
export function goldInputText(amount: bigint, style: AmountStyle): string {
  return decimalInputText(amount, style, GOLD_DECIMALS);
}
