import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { goldInWords } from "./amount-words";

describe("goldInWords", () => {
  it.each([
    [2500n * ONE_GOLD, "dua ribu lima ratus GOLD", "two thousand five hundred GOLD"],
    [1000n * ONE_GOLD + ONE_GOLD / 2n, "seribu koma lima GOLD", "one thousand point five GOLD"],
    [111n * ONE_GOLD, "seratus sebelas GOLD", "one hundred eleven GOLD"],
    [1_001_000n * ONE_GOLD, "satu juta seribu GOLD", "one million one thousand GOLD"],
    [3_240n * ONE_GOLD, "tiga ribu dua ratus empat puluh GOLD", "three thousand two hundred forty GOLD"],
    [17n * ONE_GOLD, "tujuh belas GOLD", "seventeen GOLD"],
    [10n * ONE_GOLD, "sepuluh GOLD", "ten GOLD"],
    [0n, "nol GOLD", "zero GOLD"],
    [1n, "nol koma nol nol nol nol nol nol nol nol nol nol nol nol nol nol nol nol nol satu GOLD", undefined],
    [
      79_228_162_514n * ONE_GOLD,
      "tujuh puluh sembilan miliar dua ratus dua puluh delapan juta seratus enam puluh dua ribu lima ratus empat belas GOLD",
      "seventy-nine billion two hundred twenty-eight million one hundred sixty-two thousand five hundred fourteen GOLD",
    ],
  ])("%s base units", (amount, id, en) => {
    expect(goldInWords(amount, "id")).toBe(id);
    if (en) expect(goldInWords(amount, "en")).toBe(en);
  });
});
