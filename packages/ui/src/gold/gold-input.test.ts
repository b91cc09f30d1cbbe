import { describe, expect, it } from "vitest";
import { goldWords } from "../i18n/gold-words";
import { sharedWords } from "../i18n/shared-words";
import { createTranslate } from "../i18n/translate";
import { AMOUNT_TABLE_RUPIAH_PER_GOLD, amountCases } from "./amount-cases";
import { goldHintText, goldProblemText, readGoldInput } from "./gold-input";

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
      const result = readGoldInput(row.text, row.language, undefined, AMOUNT_TABLE_RUPIAH_PER_GOLD);
      if ("amount" in row) {
        expect(result).toEqual({ ok: true, amount: row.amount });
      } else {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(goldProblemText(translate(row.language), result.problem)).toBe(row.refused);
      }
    });
  }
});

describe("readGoldInput without a Rupiah rate", () => {
  it("refuses a Rupiah figure as another currency rather than convert it at a made-up rate", () => {
    const id = readGoldInput("Rp2.500", "id");
    expect(id.ok).toBe(false);
    if (!id.ok)
      expect(goldProblemText(translate("id"), id.problem)).toBe(
        "Jumlah dalam GOLD, bukan rupiah: ketik jumlah GOLD, contoh 1.500 atau 1.500,50.",
      );
    const en = readGoldInput("Rp 10", "en", undefined, null);
    expect(en.ok).toBe(false);
    if (!en.ok)
      expect(goldProblemText(translate("en"), en.problem)).toBe(
        "Amounts are in GOLD, not rupiah: type the number of GOLD, for example 1,500 or 1,500.50.",
      );
  });
});

describe("goldHintText", () => {
  it("names the Rupiah form in the page's language only when the deployment has a rate", () => {
    expect(goldHintText(translate("en"), "en", null)).toBe("In GOLD, for example 1,500 or 1,500.50.");
    expect(goldHintText(translate("en"), "en", 16_000n)).toBe(
      "In GOLD, for example 1,500 or 1,500.50, or in Rupiah at the rate below, for example Rp1,500,000.",
    );
    expect(goldHintText(translate("id"), "id", 16_000n)).toContain("contoh Rp1.500.000.");
  });
});

describe("gold words", () => {
  it("exist in both languages with the same keys", () => {
    expect(Object.keys(goldWords.id).sort()).toEqual(Object.keys(goldWords.en).sort());
  });
});
