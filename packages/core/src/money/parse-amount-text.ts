import { GOLD_DECIMALS, ONE_GOLD } from "../gold";
import { retypeDecimalText } from "./parse-decimal-text";
import { type AmountStyle, type GoldTextResult, parseGoldText } from "./parse-gold-text";

// "Rp1.500.000", "Rp 1.500.000", "IDR 1.500.000", "1.500.000 Rp": a Rupiah figure, by its mark before or after.
const rupiahMark = /^(?:rp\.?|idr)\s*|\s*(?:rp|idr)$/i;
const RUPIAH_DECIMALS = 2;

/**
 * Reads what a person typed in an amount field: GOLD as `parseGoldText` reads it, or, when the deployment has a Rupiah
 * rate, a Rupiah figure ("Rp1.500.000" on an Indonesian page, "Rp1,500,000" on an English one, at most two decimals)
 * converted to GOLD base units at that rate, rounded down so the GOLD never buys more than the Rupiah typed. Without a
 * rate a Rupiah figure stays refused as another currency: nothing converts at a made-up rate.
 */
export function parseAmountText(
  text: string,
  style: AmountStyle,
  maximum: bigint,
  rupiahPerGold: bigint | null,
): GoldTextResult {
  const trimmed = text.trim();
  if (rupiahPerGold === null || !rupiahMark.test(trimmed)) return parseGoldText(text, style, maximum);
  const figure = trimmed.replace(rupiahMark, "");
  if (/gold/i.test(figure)) return { ok: false, problem: { kind: "notANumber" } };
  // The Rupiah figure read with GOLD's rules gives Rupiah in 18-decimal units; its limit is the GOLD maximum's worth.
  const read = parseGoldText(figure, style, maximum * rupiahPerGold + rupiahPerGold);
  if (!read.ok) {
    if (read.problem.kind === "tooLarge") return { ok: false, problem: { kind: "tooLarge", maximum } };
    if (read.problem.kind === "tooManyDecimals")
      return { ok: false, problem: { kind: "rupiahTooManyDecimals", decimals: RUPIAH_DECIMALS } };
    return read;
  }
  if (read.amount % (ONE_GOLD / 10n ** BigInt(RUPIAH_DECIMALS)) !== 0n)
    return { ok: false, problem: { kind: "rupiahTooManyDecimals", decimals: RUPIAH_DECIMALS } };
  const amount = read.amount / rupiahPerGold;
  if (amount > maximum) return { ok: false, problem: { kind: "tooLarge", maximum } };
  return { ok: true, amount };
}

// A figure with its marks around it: "Rp 1.500,5", "2.125 GOLD", "IDR1.500".
const markedFigure = /^(\s*(?:rp\.?|idr|gold)?\s*)(.*?)(\s*(?:rp|idr|gold)?\s*)$/i;

/**
 * What a person typed in an amount field, re-written for another language so it keeps its quantity: "2.125" typed on
 * an English page is "2,125" on an Indonesian one (not two thousand). Marks ("Rp", "GOLD") stay as typed; text that
 * does not read as a figure in the language it was typed in is left as it is (it is refused as typed).
 */
export function retypeAmountText(text: string, from: AmountStyle, to: AmountStyle): string {
  const [, before = "", figure = "", after = ""] = markedFigure.exec(text) ?? [];
  const retyped = retypeDecimalText(figure, from, to, GOLD_DECIMALS);
  return retyped === figure ? text : `${before}${retyped}${after}`;
}
