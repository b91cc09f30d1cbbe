import type { Dictionaries } from "@farm/ui";
import { en } from "./en";
import { id } from "./id";

export const dictionaries: Dictionaries = { en, id };
