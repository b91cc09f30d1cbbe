import { resolve } from "node:path";
import { readSources } from "@farm/testkit";
import { goldWords, keyUsage, sharedWords, stateWords, walletWords } from "@farm/ui";
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

  it("uses every key it defines, and defines every key it asks for", () => {
    const src = resolve(__dirname, "..");
    const packages = resolve(__dirname, "../../../../packages/");
    const code = readSources([src, `${packages}/ui/src`, `${packages}/core/src`], /\/i18n\/|\.test\.tsx?$/);
    const usage = keyUsage(code);
    expect(usage.unused(Object.keys(en))).toEqual([]);
    const known = new Set(
      [en, sharedWords.en, goldWords.en, stateWords.en, walletWords.en].flatMap((dictionary) =>
        Object.keys(dictionary ?? {}),
      ),
    );
    expect(usage.missing(readSources([src], /\.test\.tsx?$/), known)).toEqual([]);
  });
});
