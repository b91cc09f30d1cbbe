import { describe, expect, it } from "vitest";
import { sharedWords } from "./shared-words";

describe("shared words", () => {
  it("exist in both languages with the same keys", () => {
    expect(Object.keys(sharedWords.id).sort()).toEqual(Object.keys(sharedWords.en).sort());
  });
});
