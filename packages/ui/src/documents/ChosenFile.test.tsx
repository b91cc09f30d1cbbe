import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import { ChosenFile } from "./ChosenFile";

describe("ChosenFile", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("writes the chosen file's size with the Indonesian decimal comma on an Indonesian page", () => {
    localStorage.setItem("farm.language", "id");
    const file = new File([new Uint8Array(2.5 * 1024 * 1024)], "faktur.pdf", { type: "application/pdf" });
    render(
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <ChosenFile file={file} className="chosen" />
      </I18nProvider>,
    );
    const text = screen.getByText(/faktur\.pdf/).textContent ?? "";
    expect(text).toContain("2,5 MB");
    expect(text).not.toContain("2.5 MB");
  });
});
