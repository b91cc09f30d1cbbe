import { describe, expect, it } from "vitest";
import { dictionaries } from "./dictionaries";

const { en, id } = dictionaries;

describe("portal dictionaries", () => {
  it("word every English key in Bahasa Indonesia and nothing more", () => {
    expect(Object.keys(id).sort()).toEqual(Object.keys(en).sort());
  });

  it("keep the same placeholders in both languages", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(en))
      expect([key, placeholders(id[key] ?? "")]).toEqual([key, placeholders(text)]);
  });
});
