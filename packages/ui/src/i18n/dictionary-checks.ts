import { resolve } from "node:path";
import { API_ERROR_CODES } from "@farm/core";
import { readSources } from "@farm/testkit";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-error";
import { apiErrorMessage } from "../api/error-message";
import { apiErrorWords } from "./api-error-words";
import { goldWords } from "./gold-words";
import { keyUsage } from "./key-usage";
import { sharedWords } from "./shared-words";
import { stateWords } from "./state-words";
import { createTranslate } from "./translate";
import { languages } from "./types";
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

    it("word every code of core's error catalogue in both languages, never with the API's English sentence", () => {
      const sentence = "The API's own English sentence";
      const unworded = languages.flatMap((language) => {
        const words = {
          ...apiErrorWords[language],
          ...sharedWords[language],
          ...walletWords[language],
          ...dictionaries[language],
        };
        // No English to fall back on: each code needs its word in this language.
        const t = createTranslate(words, {}, language);
        return API_ERROR_CODES.filter((code) => {
          const shown = apiErrorMessage(new ApiError(400, code, sentence), t);
          return shown === sentence || shown === words["apiError.unknown"] || shown.startsWith("api");
        }).map((code) => `${language}: ${code}`);
      });
      expect(unworded).toEqual([]);
    });
  });
}
