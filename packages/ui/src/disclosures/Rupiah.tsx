import { formatGoldAsRupiah, ONE_GOLD } from "@farm/core";
import { toBigInt } from "../api/bigint";
import { useChainConfig } from "../config/chain-config";
import { useI18n } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { recordWords } from "./record-words";

/** GOLD's Rupiah value at the deployment's rate ("about Rp100.000"); nothing until the rate is known. */
export function Rupiah({ value }: { value: bigint | string }) {
  wordPack(recordWords);
  const { language, t } = useI18n();
  const rate = useChainConfig().data?.rupiahPerGold;
  if (rate === undefined) return null;
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
  const rate = useChainConfig().data?.rupiahPerGold;
  if (rate === undefined) return null;
  return (
    <p className="muted small" data-testid="rupiah-rate">
      {t("record.rate", { rate: formatGoldAsRupiah(ONE_GOLD, rate, language) })}
    </p>
  );
}
