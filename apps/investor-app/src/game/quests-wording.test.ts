import { CHORE_IDS, QUEST_IDS } from "@farm/core";
import { createTranslate, wordPack } from "@farm/ui";
import { describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { questWords } from "../i18n/quests";
import { choreLabel, questLabel, taskPlace } from "./quest-label";
import { visitOf } from "./VisitRecorder";

wordPack(questWords);
const translate = (language: "en" | "id") =>
  createTranslate(dictionaries[language], dictionaries.en, language);

describe("quest and chore wording (decision 0059)", () => {
  it("names every quest and chore in English and Indonesian, never by its key", () => {
    for (const language of ["en", "id"] as const) {
      const t = translate(language);
      for (const id of QUEST_IDS) expect(questLabel(t, id)).not.toMatch(/^quests\./);
      for (const id of CHORE_IDS) expect(choreLabel(t, id)).not.toMatch(/^chores\./);
    }
    expect(Object.keys(questWords.id).sort()).toEqual(Object.keys(questWords.en).sort());
  });

  it("says what to do with the right number", () => {
    const en = translate("en");
    expect(questLabel(en, "garden-1")).toBe("Open your garden");
    expect(choreLabel(en, "water-days-4")).toBe("Water on 4 different days");
    expect(choreLabel(en, "quest-days-1")).toBe("Finish all of a day's quests");
    expect(choreLabel(en, "factsheets-3")).toBe("Read 3 fact sheets");
    expect(choreLabel(translate("id"), "water-days-4")).toBe("Siram tanaman pada 4 hari berbeda");
  });

  it("links each task to where it is done, and reads the visit a page is", () => {
    expect(taskPlace("water")).toBe("/farm");
    expect(taskPlace("market")).toBe("/market");
    expect(taskPlace("factsheet")).toBe("/shop");
    expect(taskPlace("questDay")).toBeNull();
    expect(visitOf("/farm/")).toEqual({ place: "garden" });
    expect(visitOf("/seeds/12")).toEqual({ place: "factsheet", tokenId: "12" });
    expect(visitOf("/seeds/abc")).toBeNull();
    expect(visitOf("/shop")).toBeNull();
  });
});
