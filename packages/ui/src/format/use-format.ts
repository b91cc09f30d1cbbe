import { useMemo } from "react";
import { useI18n } from "../i18n/I18nProvider";
import {
  formatDate,
  formatDateTime,
  formatGoldAmount,
  formatNumber,
  formatPercentBps,
  formatRupiah,
} from "./format";

/** The active language's formats, so no screen picks its own. */
export function useFormat() {
  const { language } = useI18n();
  return useMemo(
    () => ({
      date: (value: string | Date) => formatDate(value, language),
      dateTime: (value: string | Date) => formatDateTime(value, language),
      number: (value: number | bigint, digits?: number) => formatNumber(value, language, digits),
      gold: (amount: bigint, digits?: number) => formatGoldAmount(amount, language, digits),
      percentBps: (bps: number | bigint) => formatPercentBps(bps, language),
      rupiah: (rupiah: bigint) => formatRupiah(rupiah, language),
    }),
    [language],
  );
}
