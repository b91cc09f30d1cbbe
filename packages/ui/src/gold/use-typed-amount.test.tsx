import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider, useI18n } from "../i18n/I18nProvider";
import { readGoldInput } from "./gold-input";
import { useTypedAmount } from "./use-typed-amount";

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider dictionaries={{ en: {}, id: {} }}>{children}</I18nProvider>
);

function renderTyped(initial = "") {
  return renderHook(
    () => {
      const [text, setText] = useTypedAmount(initial);
      return { text, setText, ...useI18n() };
    },
    { wrapper },
  ).result;
}

describe("useTypedAmount", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("keeps a typed amount's quantity across a language switch, both ways", () => {
    localStorage.setItem("farm.language", "en");
    const result = renderTyped();
    act(() => result.current.setText("2.125"));
    const before = readGoldInput(result.current.text, "en");
    act(() => result.current.setLanguage("id"));
    expect(result.current.text).toBe("2,125");
    expect(readGoldInput(result.current.text, "id")).toEqual(before);
    act(() => result.current.setLanguage("en"));
    expect(result.current.text).toBe("2.125");
  });

  it("holds what is typed after a switch in the new language", () => {
    localStorage.setItem("farm.language", "id");
    const result = renderTyped("1.000,5");
    act(() => result.current.setLanguage("en"));
    expect(result.current.text).toBe("1000.5");
    act(() => result.current.setText("7.5"));
    act(() => result.current.setLanguage("id"));
    expect(result.current.text).toBe("7,5");
  });
});
