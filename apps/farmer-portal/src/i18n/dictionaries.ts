import type { Dictionaries } from "@farm/ui";
import { adminDecisionErrors, evidenceErrors } from "./api-errors";
import { en } from "./en";
import { id } from "./id";

/** The words of every page; the words of a route's own feature come with it (`wordPack`: evidence, admin decisions). */
export const dictionaries: Dictionaries = {
  en: { ...en, ...evidenceErrors.en, ...adminDecisionErrors.en },
  id: { ...id, ...evidenceErrors.id, ...adminDecisionErrors.id },
};
