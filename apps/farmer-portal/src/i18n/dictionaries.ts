import type { Dictionaries } from "@farm/ui";
import { adminDecisionErrors, evidenceErrors } from "./api-errors";
import { en } from "./en";
import { id } from "./id";
import { repayWords } from "./repay";

/** The words of every page; the words of a route's own feature come with it (`wordPack`: evidence, admin decisions). */
export const dictionaries: Dictionaries = {
  en: { ...en, ...repayWords.en, ...evidenceErrors.en, ...adminDecisionErrors.en },
  id: { ...id, ...repayWords.id, ...evidenceErrors.id, ...adminDecisionErrors.id },
};
