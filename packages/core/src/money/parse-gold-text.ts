import { GOLD_DECIMALS, ONE_GOLD } from "../gold";

/** How a language writes numbers: "1,500.50" in English, "1.500,50" in Indonesian. */
export type AmountStyle = "en" | "id";

const separators: Record<AmountStyle, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  id: { group: ".", decimal: "," },
};

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

// Any space a keyboard or a copied figure can hold: plain, no-break, narrow no-break, thin.
const spaces = /[\s\u00a0\u202f\u2009]+/g;
const unit = /^gold\s*|\s*gold$/i;
// Rupiah is not GOLD: a figure written in Rp is refused, never read as GOLD by accident.
const rupiah = /^rp\.?|rp$|idr/i;
const minus = /^[-\u2212]/;

/**
 * Reads GOLD typed by a person in the page's language into base units, without floats: thousands grouped by the
 * language's separator or spaces (groups of three), at most 18 decimals after the language's decimal sign, an optional
 * "GOLD" before or after. Anything ambiguous is refused rather than guessed ("2.5" on an Indonesian page).
 */
export function parseGoldText(text: string, style: AmountStyle, maximum: bigint): GoldTextResult {
  const trimmed = text.trim().replace(unit, "").trim();
  if (trimmed === "") return { ok: false, problem: { kind: "empty" } };
  if (rupiah.test(trimmed)) return { ok: false, problem: { kind: "otherCurrency" } };
  if (minus.test(trimmed)) return { ok: false, problem: { kind: "negative" } };
  const { group, decimal } = separators[style];
  if (!/^[\d.,\s\u00a0\u202f\u2009]+$/.test(trimmed)) return { ok: false, problem: { kind: "notANumber" } };
  const parts = trimmed.split(decimal);
  if (parts.length > 2) return { ok: false, problem: { kind: "wrongSeparators" } };
  const [wholeText = "", fraction = ""] = parts;
  const whole = wholeText.trim();
  const grouped = whole.replace(spaces, group);
  const wellFormedWhole = /^\d+$/.test(whole) || new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(grouped);
  const wellFormedFraction = parts.length === 1 || /^\d+$/.test(fraction);
  if (!wellFormedWhole || !wellFormedFraction) return { ok: false, problem: { kind: "wrongSeparators" } };
  if (fraction.length > GOLD_DECIMALS)
    return { ok: false, problem: { kind: "tooManyDecimals", decimals: GOLD_DECIMALS } };
  const digits = grouped
    .split(group)
    .join("")
    .replace(/^0+(?=\d)/, "");
  // A whole part longer than the maximum's can never fit; checked before BigInt so a pasted essay stays cheap.
  if (digits.length > (maximum / ONE_GOLD).toString().length)
    return { ok: false, problem: { kind: "tooLarge", maximum } };
  const amount = BigInt(digits) * ONE_GOLD + BigInt(fraction.padEnd(GOLD_DECIMALS, "0"));
  if (amount > maximum) return { ok: false, problem: { kind: "tooLarge", maximum } };
  return { ok: true, amount };
}

/** Base units as input text in the language's form with every decimal and no grouping: what a "max" button types. */
export function goldInputText(amount: bigint, style: AmountStyle): string {
  const fraction = (amount % ONE_GOLD).toString().padStart(GOLD_DECIMALS, "0").replace(/0+$/, "");
  const whole = (amount / ONE_GOLD).toString();
  return fraction ? `${whole}${separators[style].decimal}${fraction}` : whole;
}
