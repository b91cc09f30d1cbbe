import { describe, expect, it } from "vitest";
import { goldWords } from "../i18n/gold-words";
import { sharedWords } from "../i18n/shared-words";
import { createTranslate } from "../i18n/translate";
import { amountCases } from "./amount-cases";
import { goldProblemText, readGoldInput } from "./gold-input";

const translate = (language: "en" | "id") =>
  createTranslate(
    { ...sharedWords[language], ...goldWords[language] },
    { ...sharedWords.en, ...goldWords.en },
    language,
  );

describe("readGoldInput reads every amount of the shared table in its page's language", () => {
  for (const row of amountCases) {
    const expected = "amount" in row ? `${row.amount} base units` : `refused: ${row.refused}`;
    it(`${row.language} ${JSON.stringify(row.text)} -> ${expected}`, () => {
      const result = readGoldInput(row.text, row.language);
      if ("amount" in row) {
        expect(result).toEqual({ ok: true, amount: row.amount });
      } else {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(goldProblemText(translate(row.language), result.problem)).toBe(row.refused);
      }
    });
  }
});

describe("gold words", () => {
  it("exist in both languages with the same keys", () => {
    expect(Object.keys(goldWords.id).sort()).toEqual(Object.keys(goldWords.en).sort());
  });
});
