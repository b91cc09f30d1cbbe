import { resolve } from "node:path";
import { definitionWords, fileWords, recordWords, statementWords } from "@farm/ui";
import { describeAppDictionaries } from "@farm/ui/dictionary-checks";
import { adminDecisionWords } from "./admin-decisions";
import { adminInvestorWords } from "./admin-investors";
import { dictionaries } from "./dictionaries";
import { evidenceWords } from "./evidence";

// The checks run over the app's words and the packs its routes bring.
describeAppDictionaries(resolve(__dirname, ".."), {
  en: {
    ...dictionaries.en,
    ...evidenceWords.en,
    ...adminDecisionWords.en,
    ...recordWords.en,
    ...definitionWords.en,
    ...statementWords.en,
    ...adminInvestorWords.en,
    ...fileWords.en,
  },
  id: {
    ...dictionaries.id,
    ...evidenceWords.id,
    ...adminDecisionWords.id,
    ...recordWords.id,
    ...definitionWords.id,
    ...statementWords.id,
    ...adminInvestorWords.id,
    ...fileWords.id,
  },
});
