/** How a language writes numbers: "1,500.50" in English, "1.500,50" in Indonesian. */
export type AmountStyle = "en" | "id";

export const numberSeparators: Record<AmountStyle, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  id: { group: ".", decimal: "," },
};

/** Why typed text is not a number; `wrongSeparators` means it is written in another language's form. */
export type DecimalTextProblem =
  | { kind: "empty" }
  | { kind: "notANumber" }
  | { kind: "wrongSeparators" }
  | { kind: "negative" }
  | { kind: "tooManyDecimals"; decimals: number }
  | { kind: "tooLarge"; maximum: bigint };

/** `scaled` is the number times 10^decimals: "1.000,5" with 2 decimals is 100050n. */
export type DecimalTextResult = { ok: true; scaled: bigint } | { ok: false; problem: DecimalTextProblem };

// Any space a keyboard or a copied figure can hold: plain, no-break, narrow no-break, thin.
const spaces = /[\s\u00a0\u202f\u2009]+/g;
const minus = /^[-\u2212]/;

/**
 * Reads a non-negative number typed by a person in the page's language, without floats: thousands grouped by the
 * language's separator or spaces (groups of three), at most `decimals` decimals after the language's decimal sign.
 * Anything ambiguous is refused rather than guessed ("2.5" on an Indonesian page). `maximum` is scaled like the
 * answer. The one reader behind GOLD amounts (`parseGoldText`) and other typed figures (a farm's land area).
 */
export function parseDecimalText(
  text: string,
  style: AmountStyle,
  decimals: number,
  maximum: bigint,
): DecimalTextResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: { kind: "empty" } };
  if (minus.test(trimmed)) return { ok: false, problem: { kind: "negative" } };
  const { group, decimal } = numberSeparators[style];
  if (!/^[\d.,\s\u00a0\u202f\u2009]+$/.test(trimmed)) return { ok: false, problem: { kind: "notANumber" } };
  const parts = trimmed.split(decimal);
  if (parts.length > 2) return { ok: false, problem: { kind: "wrongSeparators" } };
  const [wholeText = "", fraction = ""] = parts;
  const whole = wholeText.trim();
  const grouped = whole.replace(spaces, group);
  const wellFormedWhole = /^\d+$/.test(whole) || new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(grouped);
  const wellFormedFraction = parts.length === 1 || /^\d+$/.test(fraction);
  if (!wellFormedWhole || !wellFormedFraction) return { ok: false, problem: { kind: "wrongSeparators" } };
  if (fraction.length > decimals) return { ok: false, problem: { kind: "tooManyDecimals", decimals } };
  const digits = grouped
    .split(group)
    .join("")
    .replace(/^0+(?=\d)/, "");
  // A whole part longer than the maximum's can never fit; checked before BigInt so a pasted essay stays cheap.
  const unit = 10n ** BigInt(decimals);
  if (digits.length > (maximum / unit).toString().length)
    return { ok: false, problem: { kind: "tooLarge", maximum } };
  const scaled = BigInt(digits) * unit + BigInt(fraction.padEnd(decimals, "0") || "0");
  if (scaled > maximum) return { ok: false, problem: { kind: "tooLarge", maximum } };
  return { ok: true, scaled };
}

/** A scaled number as input text in the language's form with every decimal and no grouping ("1000,5"). */
export function decimalInputText(scaled: bigint, style: AmountStyle, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const fraction =
    decimals === 0 ? "" : (scaled % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  const whole = (scaled / unit).toString();
  return fraction ? `${whole}${numberSeparators[style].decimal}${fraction}` : whole;
}

export type NumberTextResult = { ok: true; value: number } | { ok: false; problem: DecimalTextProblem };

/**
 * A figure that is a JSON number (a land area, a count of years) typed in the page's language, with at most
 * `decimals` decimals and at most `maximum`: `parseDecimalText` with the answer as the nearest float.
 */
export function parseNumberText(
  text: string,
  style: AmountStyle,
  decimals: number,
  maximum: number,
): NumberTextResult {
  const unit = 10n ** BigInt(decimals);
  const read = parseDecimalText(text, style, decimals, BigInt(Math.floor(maximum)) * unit);
  if (!read.ok) return read;
  // Number("100050e-2") is the float nearest 1000.5, the same a JSON reader makes of "1000.5".
  return { ok: true, value: Number(`${read.scaled}e-${decimals}`) };
}

/**
 * A JSON number (as the API sent it) as input text in the language's form, rounded to `decimals`: 2.5 -> "2,5" on an
 * Indonesian page.
 */
export function numberInputText(value: number, style: AmountStyle, decimals: number): string {
  if (!Number.isFinite(value) || value < 0) return "";
  const [whole = "0", fraction = ""] = value.toFixed(decimals).split(".");
  return decimalInputText(BigInt(`${whole}${fraction}`), style, decimals);
}

/** Typed text re-written for another language ("1.000,5" on an Indonesian page -> "1000.5" on an English one), or
 *  unchanged when it does not read as a number in the language it was typed in (it is then refused as typed). */
export function retypeDecimalText(
  text: string,
  from: AmountStyle,
  to: AmountStyle,
  decimals: number,
): string {
  if (from === to) return text;
  const read = parseDecimalText(text, from, decimals, 10n ** BigInt(decimals + 40));
  return read.ok ? decimalInputText(read.scaled, to, decimals) : text;
}
