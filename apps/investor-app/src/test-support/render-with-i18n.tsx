import { I18nProvider, type Language } from "@farm/ui";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { dictionaries } from "../i18n/dictionaries";

/** Renders with the app's real dictionaries, in English unless told. */
export function renderWithI18n(element: ReactElement, language: Language = "en") {
  localStorage.setItem("farm.language", language);
  return render(<I18nProvider dictionaries={dictionaries}>{element}</I18nProvider>);
}
