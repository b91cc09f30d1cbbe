import { resolve } from "node:path";
import { readSources } from "@farm/testkit";
import { describe, expect, it } from "vitest";
import { goldWords } from "./gold-words";
import { keyUsage } from "./key-usage";
import { sharedWords } from "./shared-words";
import { stateWords } from "./state-words";
import { walletWords } from "./wallet-words";

type Dictionary = Record<string, string>;

/**
 * The checks every app's dictionaries pass (a test-only entry, `@farm/ui/dictionary-checks`): both languages word the
 * same keys with the same placeholders, and the app's code uses every key it defines and defines every key it asks for.
 */
export function describeAppDictionaries(
  appSrc: string,
  dictionaries: { en: Dictionary; id: Dictionary },
): void {
  const { en, id } = dictionaries;
  describe("the app's dictionaries", () => {
    it("word every English key in Bahasa Indonesia and nothing more", () => {
      expect(Object.keys(id).sort()).toEqual(Object.keys(en).sort());
    });

    it("keep the same {placeholders} in both languages", () => {
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      for (const [key, english] of Object.entries(en))
        expect([key, placeholders(id[key] ?? "")]).toEqual([key, placeholders(english)]);
    });

    it("use every key they define, and define every key the app asks for", () => {
      const packages = resolve(__dirname, "../../..");
      const code = readSources(
        [appSrc, `${packages}/ui/src`, `${packages}/core/src`],
        /\/i18n\/|\.test\.tsx?$/,
      );
      const usage = keyUsage(code);
      expect(usage.unused(Object.keys(en))).toEqual([]);
      const known = new Set(
        [en, sharedWords.en, goldWords.en, stateWords.en, walletWords.en].flatMap((dictionary) =>
          Object.keys(dictionary ?? {}),
        ),
      );
      expect(usage.missing(readSources([appSrc], /\.test\.tsx?$/), known)).toEqual([]);
    });
  });
}
