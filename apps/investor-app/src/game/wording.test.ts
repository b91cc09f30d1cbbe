import { createTranslate, goldWords, sharedWords, stateWords, walletWords } from "@farm/ui";
import { describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { questLabel } from "./quest-label";

const translate = (language: "en" | "id") => {
  const words = (l: "en" | "id") => ({
    ...sharedWords[l],
    ...goldWords[l],
    ...stateWords[l],
    ...walletWords[l],
    ...dictionaries[l],
  });
  return createTranslate(words(language), words("en"), language);
};

describe("game wording", () => {
  it("picks singular and plural by Intl.PluralRules: one plant, two plants, one day", () => {
    const en = translate("en");
    expect(questLabel(en, "water-1")).toBe("Water 1 plant");
    expect(questLabel(en, "water-2")).toBe("Water 2 plants");
    expect(questLabel(en, "plant-1")).toBe("Plant 1 seed (from 10 GOLD)");
    expect(questLabel(en, "plant-2")).toBe("Plant 2 seeds (from 10 GOLD)");
    expect(questLabel(en, "harvest-1")).toBe("Harvest 1 crop");
    expect(en("streak.best", { count: 1 })).toBe("Best: 1 day");
    expect(en("streak.best", { count: 12 })).toBe("Best: 12 days");
    expect(questLabel(translate("id"), "water-1")).toBe("Siram 1 tanaman");
  });

  it("calls a streak beruntun in Indonesian, never rangkaian", () => {
    const id = translate("id");
    expect(id("streak.days", { days: 4 })).toBe("4 hari beruntun");
    expect(Object.values(dictionaries.id).filter((text) => /rangkaian/i.test(text))).toEqual([]);
  });

  it("writes the faucet's amount inside its parentheses, without spaces", () => {
    expect(translate("en")("faucet.claimTestAmount", { amount: "10,000" })).toBe(
      "Get test GOLD from the faucet (10,000 GOLD)",
    );
  });
});
