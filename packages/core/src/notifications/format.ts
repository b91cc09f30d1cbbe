import { refusedItemsShown } from "../farmer-item-words";
import { formatGold, GOLD_DECIMALS, ONE_GOLD } from "../gold";
import type { NotificationLanguage, NotificationParams } from "./kind";

// How a notification's stored parameters read in each language: they are kept machine-readable (base units, ISO
// days) and worded only when shown, in the e-mail or the inbox.

/**
 * GOLD base units (the `amount` parameter) in the language's way: en "1,000.5", id "1.000,5"; two fraction digits, or
 * below 0.01 GOLD as many as its first two significant digits need ("0.0067"), so a non-zero amount never shows as 0.
 */
export function formatNotificationAmount(baseUnits: string, language: NotificationLanguage): string {
  if (!/^\d+$/.test(baseUnits)) return baseUnits;
  const amount = BigInt(baseUnits);
  const en = formatGold(amount, fractionDigitsFor(amount));
  return language === "en" ? en : en.replace(/[,.]/g, (mark) => (mark === "," ? "." : ","));
}

const CENT_OF_GOLD = ONE_GOLD / 100n;

/** 2, or for a non-zero amount under 0.01 GOLD the digits up to its second significant one (at most 18). */
function fractionDigitsFor(amount: bigint): number {
  if (amount === 0n || amount >= CENT_OF_GOLD) return 2;
  const leadingZeros = GOLD_DECIMALS - amount.toString().length;
  return Math.min(GOLD_DECIMALS, leadingZeros + 2);
}

/** Parameters that carry a UTC calendar day ("2027-03-03", machine-readable as stored), shown in the reader's words. */
const DATE_PARAMS = new Set(["dueDate", "graceEnds", "date"]);
const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A stored ISO day in the language's medium date: en "Mar 3, 2027", id "3 Mar 2027"; anything else as written. */
export function formatNotificationDate(isoDay: string, language: NotificationLanguage): string {
  const moment = new Date(`${isoDay}T00:00:00Z`);
  if (!isoDayPattern.test(isoDay) || Number.isNaN(moment.getTime())) return isoDay;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(moment);
}

/** The parameters as the reader sees them: amounts, dates and refused items in its language, the rest as stored. */
export function shownParams(params: NotificationParams, language: NotificationLanguage): NotificationParams {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === "amount") shown[name] = formatNotificationAmount(value, language);
    else if (DATE_PARAMS.has(name)) shown[name] = formatNotificationDate(value, language);
    else if (name === "refused") shown[name] = refusedItemsShown(value, language);
    else shown[name] = value;
  }
  return shown;
}
