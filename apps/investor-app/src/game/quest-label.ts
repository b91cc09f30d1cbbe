import { questDefinition } from "@farm/core";
import type { Translate } from "@farm/ui";

/** "Water 3 plants" ("Water 1 plant"): a quest's name from its id, in the language's plural form. */
export function questLabel(t: Translate, id: string): string {
  const quest = questDefinition(id);
  return t(`quests.${quest.kind}`, { count: quest.target });
}
