import { useI18n } from "./I18nProvider";
import { type Language, languages } from "./types";

const names: Record<Language, string> = { en: "English", id: "Bahasa Indonesia" };

/** A labelled select, so it works with a keyboard and a screen reader. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <label className="farm-language">
      <span className="farm-visually-hidden">{t("common.language")}</span>
      <select
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        data-testid="language-switch"
      >
        {languages.map((code) => (
          <option key={code} value={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
