import { GOLD_DECIMALS, ONE_GOLD } from "@farm/core";

/** The one date style of both apps: the language's medium date ("3 Mar 2027", "3 Mar 2027" in id-ID's words). */
export function formatDate(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(value));
}

/** Date and time in the same style, for events (the activity list). */
export function formatDateTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(value),
  );
}

export function formatNumber(value: number | bigint, language: string, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value);
}

/**
 * GOLD base units in the language's separators, at most `digits` fraction digits rounded down (no float touches the
 * amount: the whole part is a bigint, the fraction its own digits). An amount that is not zero but below the digits
 * shown says so ("< 0,01" in id, "> -0.01" when negative) rather than "0" or "-0".
 */
export function formatGoldAmount(amount: bigint, language: string, digits = 2): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const decimal =
    new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
  const shown = digits > 0 ? `0${decimal}${"1".padStart(Math.min(digits, GOLD_DECIMALS), "0")}` : "1";
  const whole = new Intl.NumberFormat(language).format(abs / ONE_GOLD);
  const fraction = (abs % ONE_GOLD)
    .toString()
    .padStart(GOLD_DECIMALS, "0")
    .slice(0, digits)
    .replace(/0+$/, "");
  if (abs > 0n && abs < ONE_GOLD && !fraction) return negative ? `> -${shown}` : `< ${shown}`;
  return `${negative ? "-" : ""}${whole}${fraction ? `${decimal}${fraction}` : ""}`;
}

/** A basis-point rate as a percent in the language's format: 500 -> "5", 1250 -> "12.5" ("12,5" in id). */
export function formatPercentBps(bps: number | bigint, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(Number(bps) / 100);
}

/** Whole Rupiah in the language's grouping, "Rp" before with no space: "Rp100.000" (id), "Rp100,000" (en). */
export function formatRupiah(rupiah: bigint, language: string): string {
  return `Rp${new Intl.NumberFormat(language).format(rupiah)}`;
}
