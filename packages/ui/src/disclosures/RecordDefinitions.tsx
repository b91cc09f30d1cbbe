import { useT } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { definitionWords } from "./definition-words";

/** What TKB90 and TWP90 mean: its own chunk, fetched when the reader opens the definitions. */
export default function RecordDefinitions() {
  wordPack(definitionWords);
  const t = useT();
  return (
    <div className="stack" data-testid="record-definitions">
      <p>{t("record.def.twp90")}</p>
      <p>{t("record.def.tkb90")}</p>
      <p>{t("record.def.funded")}</p>
      <p>{t("record.def.none")}</p>
      <p className="muted small">{t("record.def.source")}</p>
    </div>
  );
}
