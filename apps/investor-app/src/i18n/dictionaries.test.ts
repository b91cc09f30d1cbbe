import { CROP_STAGES } from "@farm/core";
import { describe, expect, it } from "vitest";
import { dictionaries } from "./dictionaries";

const { en, id } = dictionaries;

describe("dictionaries", () => {
  it("has every English key in Bahasa Indonesia and no extra ones", () => {
    expect(Object.keys(id).sort()).toEqual(Object.keys(en).sort());
  });

  it("keeps the same {placeholders} in both languages", () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, english] of Object.entries(en)) {
      expect(placeholders(id[key] ?? ""), key).toEqual(placeholders(english));
    }
  });

  it("names and explains every crop stage", () => {
    for (const stage of CROP_STAGES) {
      expect(en).toHaveProperty(`stage.${stage}`);
      expect(en).toHaveProperty(`stage.${stage}.explain`);
    }
  });
});
