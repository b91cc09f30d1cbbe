import { I18nProvider } from "@farm/ui";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { dictionaries } from "../i18n/dictionaries";

/** Renders with the app's real dictionaries in English. */
export function renderWithI18n(element: ReactElement) {
  localStorage.setItem("farm.language", "en");
  return render(<I18nProvider dictionaries={dictionaries}>{element}</I18nProvider>);
}
