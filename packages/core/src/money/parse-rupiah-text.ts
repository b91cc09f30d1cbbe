import { ONE_GOLD } from "../gold";
import { type AmountStyle, parseGoldText } from "./parse-gold-text";

/** Why typed text is not a whole number of Rupiah. */
export type RupiahTextProblem =
  | { kind: "empty" }
  | { kind: "notANumber" }
  | { kind: "wrongSeparators" }
  | { kind: "negative" }
  | { kind: "notWhole" }
  | { kind: "tooLarge"; maximum: bigint };

export type RupiahTextResult = { ok: true; rupiah: bigint } | { ok: false; problem: RupiahTextProblem };

const rupiahMark = /^(?:rp\.?|idr)\s*/i;

/**
 * Reads whole Rupiah typed in the page's language ("120.000.000" in id, "120,000,000" in en, an optional "Rp"
 * before), with the GOLD parser's grouping rules and no decimals: sen are not written in declared incomes.
 */
export function parseRupiahText(text: string, style: AmountStyle, maximum: bigint): RupiahTextResult {
  const trimmed = text.trim();
  if (/gold/i.test(trimmed)) return { ok: false, problem: { kind: "notANumber" } };
  // Any decimal sign is refused, even ",000" on an Indonesian page: an English-style "120,000" is never read as 120.
  const decimal = style === "id" ? "," : ".";
  if (trimmed.includes(decimal) && /^[\d.,\s]*$/.test(trimmed.replace(rupiahMark, "")))
    return {
      ok: false,
      problem: { kind: trimmed.split(decimal).length > 2 ? "wrongSeparators" : "notWhole" },
    };
  const read = parseGoldText(trimmed.replace(rupiahMark, ""), style, maximum * ONE_GOLD);
  if (!read.ok) {
    const { problem } = read;
    if (problem.kind === "tooLarge") return { ok: false, problem: { kind: "tooLarge", maximum } };
    if (problem.kind === "otherCurrency") return { ok: false, problem: { kind: "notANumber" } };
    if (problem.kind === "tooManyDecimals" || problem.kind === "rupiahTooManyDecimals")
      return { ok: false, problem: { kind: "notWhole" } };
    return { ok: false, problem };
  }
  return { ok: true, rupiah: read.amount / ONE_GOLD };
}
