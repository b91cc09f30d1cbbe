import { I18nProvider, type Language } from "@farm/ui";
import { testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { dictionaries } from "../i18n/dictionaries";

/** Renders with the app's real dictionaries, in English unless told, and the test deployment's config answered (its
 *  Rupiah rate included), so a screen with amounts renders without a request. */
export function renderWithI18n(element: ReactElement, language: Language = "en") {
  localStorage.setItem("farm.language", language);
  return render(
    <QueryClientProvider client={testQueryClient(null)}>
      <I18nProvider dictionaries={dictionaries}>{element}</I18nProvider>
    </QueryClientProvider>,
  );
}
