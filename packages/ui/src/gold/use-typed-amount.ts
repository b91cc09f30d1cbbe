import { retypeAmountText } from "@farm/core";
import { useCallback, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import type { Language } from "../i18n/types";

/** Re-writes text typed in one language's number form in another's, keeping its quantity. */
export type Retype = (text: string, from: Language, to: Language) => string;

/**
 * A field's typed text that keeps its quantity when the page's language changes: held with the language it was typed
 * in and shown re-written in the page's ("2.125" typed on an English page shows as "2,125" on an Indonesian one, never
 * read as two thousand). Every form that keeps an amount as raw text holds it here; `retype` defaults to GOLD's.
 */
export function useTypedAmount(
  initial: string | ((language: Language) => string),
  retype: Retype = retypeAmountText,
): [string, (text: string) => void] {
  const { language } = useI18n();
  const [typed, setTyped] = useState(() => ({
    text: typeof initial === "function" ? initial(language) : initial,
    language,
  }));
  const text = typed.language === language ? typed.text : retype(typed.text, typed.language, language);
  const setText = useCallback((next: string) => setTyped({ text: next, language }), [language]);
  return [text, setText];
}
