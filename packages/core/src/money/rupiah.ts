import { ONE_GOLD } from "../gold";
import type { AmountStyle } from "./parse-gold-text";

const groupSign: Record<AmountStyle, string> = { en: ",", id: "." };
const decimalSign: Record<AmountStyle, string> = { en: ".", id: "," };

/** Divides rounding half away from zero, so -0.5 and 0.5 round to the same size (bigint division truncates). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/**
 * The Rupiah value of GOLD base units in hundredths of a Rupiah (sen), rounded half away from zero: exact integer
 * arithmetic, never a float (a float loses units above 2^53, which 18-decimal amounts pass at 0.009 GOLD).
 */
export function goldToSen(baseUnits: bigint, rupiahPerGold: bigint): bigint {
  return divideRounded(baseUnits * rupiahPerGold * 100n, ONE_GOLD);
}

/**
 * Writes an amount in sen as Rupiah the Indonesian way in either language: "Rp100.000" (id), "Rp100,000" (en); no
 * space and no dot after "Rp"; a minus before "Rp". Whole Rupiah unless `fractionDigits` is 2 (then "Rp1.000,50" in
 * id); rounding to whole Rupiah is half away from zero.
 */
export function formatSen(sen: bigint, style: AmountStyle, fractionDigits: 0 | 2 = 0): string {
  const shown = fractionDigits === 0 ? divideRounded(sen, 100n) * 100n : sen;
  const negative = shown < 0n;
  const abs = negative ? -shown : shown;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, groupSign[style]);
  const fraction =
    fractionDigits === 2 ? `${decimalSign[style]}${(abs % 100n).toString().padStart(2, "0")}` : "";
  return `${negative ? "-" : ""}Rp${whole}${fraction}`;
}

/** GOLD base units shown in Rupiah at the deployment's rate: `formatSen(goldToSen(...))`. */
export function formatGoldAsRupiah(
  baseUnits: bigint,
  rupiahPerGold: bigint,
  style: AmountStyle,
  fractionDigits: 0 | 2 = 0,
): string {
  return formatSen(goldToSen(baseUnits, rupiahPerGold), style, fractionDigits);
}
