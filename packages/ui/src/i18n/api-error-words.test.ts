import { API_ERROR_CODES } from "@farm/core";
import { describe, expect, it } from "vitest";
import { apiErrorWords } from "./api-error-words";

describe("the API error catalogue's words", () => {
  it("word every code of core's catalogue in both languages", () => {
    const missing = API_ERROR_CODES.flatMap((code) =>
      (["en", "id"] as const)
        .filter((language) => !(apiErrorWords[language] as Record<string, string>)[`apiError.${code}`])
        .map((language) => `${language}: ${code}`),
    );
    expect(missing).toEqual([]);
  });

  it("have the same keys and {placeholders} in both languages, and are translated", () => {
    expect(Object.keys(apiErrorWords.id).sort()).toEqual(Object.keys(apiErrorWords.en).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, english] of Object.entries(apiErrorWords.en)) {
      const indonesian = (apiErrorWords.id as Record<string, string>)[key] ?? "";
      expect([key, placeholders(indonesian)]).toEqual([key, placeholders(english)]);
      expect([key, indonesian]).not.toEqual([key, english]);
    }
  });
});
