import { formatGoldAsRupiah, ONE_GOLD } from "@farm/core";
import { toBigInt } from "../api/bigint";
import { type ChainConfig, useChainConfig } from "../config/chain-config";
import { formatDate } from "../format/format";
import { useI18n } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { recordWords } from "./record-words";

/** The deployment's Rupiah rate once the config is read; null while loading or when none is configured. */
export function useRupiahRate(): ChainConfig["rupiahPerGold"] {
  return useChainConfig().data?.rupiahPerGold ?? null;
}

/** GOLD's Rupiah value at the deployment's rate ("about Rp100.000"); nothing without a rate (nothing pretends). */
export function Rupiah({ value }: { value: bigint | string }) {
  wordPack(recordWords);
  const { language, t } = useI18n();
  const rate = useRupiahRate();
  if (rate === null) return null;
  return (
    <span className="muted small farm-rupiah" data-testid="rupiah">
      {t("record.rupiah", { amount: formatGoldAsRupiah(toBigInt(value), rate, language) })}
    </span>
  );
}

/** Where the Rupiah figures come from: the deployment's configured rate (RUPIAH_PER_GOLD); nothing without one. */
export function RupiahRateNote() {
  wordPack(recordWords);
  const { language, t } = useI18n();
  const rate = useRupiahRate();
  if (rate === null) return null;
  return (
    <p className="muted small" data-testid="rupiah-rate">
      {t("record.rate", { rate: formatGoldAsRupiah(ONE_GOLD, rate, language) })}
    </p>
  );
}

/** A calendar day ("2026-11-02") as that day at local midnight, so no time zone moves it to the day before. */
function calendarDay(isoDay: string): Date {
  const [year = 0, month = 1, day = 1] = isoDay.split("-").map(Number);
  return new Date(year, month - 1, day);
}

/** The footer's line "1 GOLD = Rp16.000 (Bank Indonesia JISDOR, 2 Nov 2026)"; nothing without a rate. */
export function RupiahRateFooter() {
  wordPack(recordWords);
  const { language, t } = useI18n();
  const config = useChainConfig().data;
  const rate = config?.rupiahPerGold ?? null;
  if (!config || rate === null) return null;
  const day = config.rupiahRateDate ? formatDate(calendarDay(config.rupiahRateDate), language) : null;
  const origin = [config.rupiahRateSource ?? t("record.rateSourceUnstated"), day].filter(Boolean).join(", ");
  return (
    <p className="muted small farm-rupiah-rate" data-testid="rupiah-rate-footer">
      {t("record.rateFooter", { rate: formatGoldAsRupiah(ONE_GOLD, rate, language), origin })}
    </p>
  );
}
