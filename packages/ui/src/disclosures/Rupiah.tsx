import { formatGoldAsRupiah } from "@farm/core";
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
