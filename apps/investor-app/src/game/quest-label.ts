import { questDefinition } from "@farm/core";
import type { Translate } from "@farm/ui";

/** "Water 3 plants": a quest's name from its id. */
export function questLabel(t: Translate, id: string): string {
  const quest = questDefinition(id);
  return t(`quests.${quest.kind}`, { target: quest.target });
}
