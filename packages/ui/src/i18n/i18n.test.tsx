import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider, useT } from "./I18nProvider";
import { LanguageSwitch } from "./LanguageSwitch";
import { createTranslate } from "./translate";

const dictionaries = { en: { "app.hello": "Hello {name}" }, id: { "app.hello": "Halo {name}" } };

function Greeting() {
  const t = useT();
  return <p>{t("app.hello", { name: "Sari" })}</p>;
}

describe("i18n", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("falls back to English, then to the key, and fills variables", () => {
    const t = createTranslate({ a: "satu {n}" }, { a: "one {n}", b: "two" });
    expect(t("a", { n: 1 })).toBe("satu 1");
    expect(t("b")).toBe("two");
    expect(t("missing.key")).toBe("missing.key");
  });

  it("switches language from the labelled select and remembers the choice", () => {
    render(
      <I18nProvider dictionaries={dictionaries}>
        <LanguageSwitch />
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText("Hello Sari")).toBeTruthy();
    act(() => {
      fireEvent.change(screen.getByLabelText("Language"), { target: { value: "id" } });
    });
    expect(screen.getByText("Halo Sari")).toBeTruthy();
    expect(localStorage.getItem("farm.language")).toBe("id");
    expect(document.documentElement.lang).toBe("id");
    cleanup();
    render(
      <I18nProvider dictionaries={dictionaries}>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText("Halo Sari")).toBeTruthy();
  });
});

describe("plurals and numbers", () => {
  it("picks the plural form by the language's rules and writes numbers with its separators", () => {
    const words = { "n.seeds.one": "{count} seed shown", "n.seeds.other": "{count} seeds shown" };
    const en = createTranslate(words, words, "en");
    expect(en("n.seeds", { count: 1 })).toBe("1 seed shown");
    expect(en("n.seeds", { count: 1200 })).toBe("1,200 seeds shown");
    const id = createTranslate({ "n.seeds.other": "{count} benih" }, words, "id");
    expect(id("n.seeds", { count: 1200 })).toBe("1.200 benih");
  });
});
