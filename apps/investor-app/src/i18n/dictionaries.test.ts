import { resolve } from "node:path";
import { CROP_STAGES } from "@farm/core";
import { describeAppDictionaries } from "@farm/ui/dictionary-checks";
import { describe, expect, it } from "vitest";
import { dictionaries } from "./dictionaries";

describeAppDictionaries(resolve(__dirname, ".."), dictionaries);

describe("the garden's words", () => {
  it("name and explain every crop stage", () => {
    for (const stage of CROP_STAGES) {
      expect(dictionaries.en).toHaveProperty(`stage.${stage}`);
      expect(dictionaries.en).toHaveProperty(`stage.${stage}.explain`);
    }
  });
});
