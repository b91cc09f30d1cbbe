import type { Dictionaries } from "@farm/ui";
import { en } from "./en";
import { evidenceEn, evidenceId } from "./evidence";
import { id } from "./id";

export const dictionaries: Dictionaries = { en: { ...en, ...evidenceEn }, id: { ...id, ...evidenceId } };
