import { choreDefinition, questDefinition } from "@farm/core";
import { type Translate, wordPack } from "@farm/ui";
import { questWords } from "../i18n/quests";

// Whoever names a quest or a chore (the game panel, the garden's news) brings their words.
wordPack(questWords);

/** "Water 3 plants" ("Water 1 plant"), "Open your garden": a quest's name from its id, in the language's plural form. */
export function questLabel(t: Translate, id: string): string {
  const quest = questDefinition(id);
  return t(`quests.${quest.kind}`, { count: quest.target });
}

/** "Water on 4 different days": a weekly chore's name from its id. */
export function choreLabel(t: Translate, id: string): string {
  const chore = choreDefinition(id);
  return t(`chores.${chore.kind}`, { count: chore.target });
}

/** Where a quest or chore of this kind is done: the page its item links to (null: it is done by the others). */
export function taskPlace(kind: string): string | null {
  switch (kind) {
    case "water":
    case "waterDay":
    case "harvest":
    case "garden":
      return "/farm";
    case "market":
      return "/market";
    case "leaderboard":
      return "/leaderboard";
    case "profile":
      return "/profile";
    case "factsheet":
    case "plant":
      return "/shop";
    default:
      return null;
  }
}
