import { resolve } from "node:path";
import { CROP_STAGES } from "@farm/core";
import { chartWords, definitionWords, fileWords, recordWords, statementWords } from "@farm/ui";
import { describeAppDictionaries } from "@farm/ui/dictionary-checks";
import { describe, expect, it } from "vitest";
import { almanacWords } from "./almanac";
import { dictionaries } from "./dictionaries";
import { factSheetWords } from "./fact-sheet";
import { gardenDecorWords } from "./garden-decor";
import { lookWords } from "./look";
import { marketWords } from "./market";
import { neighbourWords } from "./neighbours";
import { questWords } from "./quests";
import { verifyWords } from "./verify";

// The checks run over the app's words and the packs its routes bring.
describeAppDictionaries(resolve(__dirname, ".."), {
  en: {
    ...dictionaries.en,
    ...almanacWords.en,
    ...factSheetWords.en,
    ...marketWords.en,
    ...neighbourWords.en,
    ...questWords.en,
    ...recordWords.en,
    ...definitionWords.en,
    ...statementWords.en,
    ...chartWords.en,
    ...verifyWords.en,
    ...fileWords.en,
    ...lookWords.en,
    ...gardenDecorWords.en,
  },
  id: {
    ...dictionaries.id,
    ...almanacWords.id,
    ...factSheetWords.id,
    ...marketWords.id,
    ...neighbourWords.id,
    ...questWords.id,
    ...recordWords.id,
    ...definitionWords.id,
    ...statementWords.id,
    ...chartWords.id,
    ...verifyWords.id,
    ...fileWords.id,
    ...lookWords.id,
    ...gardenDecorWords.id,
  },
});

describe("the garden's words", () => {
  it("name and explain every crop stage", () => {
    for (const stage of CROP_STAGES) {
      expect(dictionaries.en).toHaveProperty(`stage.${stage}`);
      expect(dictionaries.en).toHaveProperty(`stage.${stage}.explain`);
    }
  });
});
