import type { Dictionary, Language, Translate } from "./types";
import { packedWord } from "./word-packs";

/**
 * Looks a key up in the chosen language, then in English (each in the app's words, then the packs its loaded routes
 * registered), then shows the key itself so a gap is visible. A numeric
 * `count` picks the plural form `<key>.<one|other|…>` by the language's rules when the dictionary has it, and every
 * number is written with the language's separators.
 */
export function createTranslate(
  chosen: Dictionary,
  fallback: Dictionary,
  language: Language = "en",
): Translate {
  const plurals = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return (key, vars) => {
    const count = vars?.count;
    const pluralKey = typeof count === "number" ? `${key}.${plurals.select(count)}` : null;
    const word = (name: string) =>
      chosen[name] ?? packedWord(language, name) ?? fallback[name] ?? packedWord("en", name);
    const template = (pluralKey && word(pluralKey)) ?? word(key) ?? key;
    if (!vars) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in vars)) return whole;
      const value = vars[name];
      return typeof value === "number" ? numbers.format(value) : String(value);
    });
  };
}
