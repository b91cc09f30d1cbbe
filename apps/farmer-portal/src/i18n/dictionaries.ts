import type { Dictionaries } from "@farm/ui";
import { adminDecisionsEn, adminDecisionsId } from "./admin-decisions";
import { en } from "./en";
import { evidenceEn, evidenceId } from "./evidence";
import { id } from "./id";

export const dictionaries: Dictionaries = {
  en: { ...en, ...evidenceEn, ...adminDecisionsEn },
  id: { ...id, ...evidenceId, ...adminDecisionsId },
};
