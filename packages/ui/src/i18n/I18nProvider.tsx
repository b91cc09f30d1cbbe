import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiErrorWords } from "./api-error-words";
import { goldWords } from "./gold-words";
import { sharedWords } from "./shared-words";
import { stateWords } from "./state-words";
import { createTranslate } from "./translate";
import { type Dictionaries, type Language, languages, type Translate } from "./types";
import { walletWords } from "./wallet-words";

const storageKey = "farm.language";

type I18nContextValue = { language: Language; setLanguage: (language: Language) => void; t: Translate };

const I18nContext = createContext<I18nContextValue | null>(null);

function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(storageKey);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : "en";
}

/** Provides `useT()`; the chosen language is remembered in localStorage and set on <html lang>. */
export function I18nProvider({
  dictionaries,
  children,
}: {
  dictionaries: Dictionaries;
  children: ReactNode;
}) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(storageKey, next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => {
    const english = {
      ...apiErrorWords.en,
      ...sharedWords.en,
      ...goldWords.en,
      ...stateWords.en,
      ...walletWords.en,
      ...dictionaries.en,
    };
    const chosen = {
      ...apiErrorWords[language],
      ...sharedWords[language],
      ...goldWords[language],
      ...stateWords[language],
      ...walletWords[language],
      ...dictionaries[language],
    };
    return { language, setLanguage, t: createTranslate(chosen, english, language) };
  }, [language, dictionaries, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs an <I18nProvider> above it");
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
