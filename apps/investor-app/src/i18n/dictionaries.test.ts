import { resolve } from "node:path";
import { CROP_STAGES } from "@farm/core";
import { readSources } from "@farm/testkit";
import { goldWords, keyUsage, sharedWords, stateWords, walletWords } from "@farm/ui";
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
