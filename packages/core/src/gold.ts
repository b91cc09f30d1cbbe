/** GOLD has 18 decimals: amounts are bigint base units in code and decimal integer strings in JSON. */
export const GOLD_DECIMALS = 18;
export const ONE_GOLD = 10n ** 18n;

const decimalPattern = /^(\d+)(?:\.(\d{1,18}))?$/;

/** Parses a human amount such as "1500" or "12.5" into base units; throws on anything else (no floats involved). */
export function parseGold(text: string): bigint {
  const match = decimalPattern.exec(text.trim());
  if (!match) throw new RangeError(`not a GOLD amount: ${JSON.stringify(text)}`);
  const [, whole = "0", fraction = ""] = match;
  return BigInt(whole) * ONE_GOLD + BigInt(fraction.padEnd(GOLD_DECIMALS, "0"));
}

/** Formats base units as a decimal GOLD string with at most `maxFractionDigits` digits, rounding down. */
export function formatGold(amount: bigint, maxFractionDigits = 2): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / ONE_GOLD;
  const fraction = (abs % ONE_GOLD)
    .toString()
    .padStart(GOLD_DECIMALS, "0")
    .slice(0, maxFractionDigits)
    .replace(/0+$/, "");
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${wholeText}${fraction ? `.${fraction}` : ""}`;
}
