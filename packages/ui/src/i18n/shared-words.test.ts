import { farmErrorsAbi } from "@farm/contracts/abi";
import { describe, expect, it } from "vitest";
import { sharedWords } from "./shared-words";

describe("shared words", () => {
  it("exist in both languages with the same keys", () => {
    expect(Object.keys(sharedWords.id).sort()).toEqual(Object.keys(sharedWords.en).sort());
  });

  it("put every custom error of the four contracts in words, in both languages", () => {
    const missing = [...new Set(farmErrorsAbi.map((error) => error.name))].filter(
      (name) => !sharedWords.en[`contractError.${name}`] || !sharedWords.id[`contractError.${name}`],
    );
    expect(missing).toEqual([]);
  });
});
