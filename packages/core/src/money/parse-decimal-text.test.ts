import { describe, expect, it } from "vitest";
import { retypeAmountText } from "./parse-amount-text";
import { decimalInputText, numberInputText, parseNumberText } from "./parse-decimal-text";

describe("parseNumberText (a land area: 2 decimals, at most 100,000)", () => {
  const read = (text: string, style: "en" | "id") => parseNumberText(text, style, 2, 100_000);

  it.each([
    ["1.000", 1000],
    ["1.500", 1500],
    ["12.000", 12000],
    ["1.000,5", 1000.5],
    ["2,5", 2.5],
    ["12 000,25", 12000.25],
    ["1000", 1000],
  ])("reads %s on an Indonesian page as %d", (text, value) => {
    expect(read(text, "id")).toEqual({ ok: true, value });
  });

  it.each([
    ["1,000.5", 1000.5],
    ["1.5", 1.5],
    ["1,000", 1000],
    ["0.01", 0.01],
  ])("reads %s on an English page as %d", (text, value) => {
    expect(read(text, "en")).toEqual({ ok: true, value });
  });

  it("refuses the other language's form, never guessing", () => {
    expect(read("2.5", "id")).toEqual({ ok: false, problem: { kind: "wrongSeparators" } });
    expect(read("1.000,5", "en")).toEqual({ ok: false, problem: { kind: "wrongSeparators" } });
    expect(read("2,5", "en")).toEqual({ ok: false, problem: { kind: "wrongSeparators" } });
    expect(read("1.00.0", "id")).toEqual({ ok: false, problem: { kind: "wrongSeparators" } });
  });

  it("names every other problem", () => {
    expect(read(" ", "id")).toEqual({ ok: false, problem: { kind: "empty" } });
    expect(read("-2", "en")).toEqual({ ok: false, problem: { kind: "negative" } });
    expect(read("2 ha", "en")).toEqual({ ok: false, problem: { kind: "notANumber" } });
    expect(read("1,255", "id")).toEqual({ ok: false, problem: { kind: "tooManyDecimals", decimals: 2 } });
    expect(read("100.000,01", "id")).toEqual({
      ok: false,
      problem: { kind: "tooLarge", maximum: 10_000_000n },
    });
    expect(read("100.000", "id")).toEqual({ ok: true, value: 100_000 });
  });

  it("reads whole numbers with no decimals allowed", () => {
    expect(parseNumberText("9", "id", 0, 100)).toEqual({ ok: true, value: 9 });
    expect(parseNumberText("9,5", "id", 0, 100)).toEqual({
      ok: false,
      problem: { kind: "tooManyDecimals", decimals: 0 },
    });
  });
});

describe("writing numbers back in the page's language", () => {
  it("writes a stored number as the language types it", () => {
    expect(numberInputText(2.5, "id", 2)).toBe("2,5");
    expect(numberInputText(2.5, "en", 2)).toBe("2.5");
    expect(numberInputText(1000.5, "id", 2)).toBe("1000,5");
    expect(numberInputText(12, "id", 2)).toBe("12");
    expect(numberInputText(0.07, "en", 2)).toBe("0.07");
    expect(decimalInputText(100050n, "id", 2)).toBe("1000,5");
  });

  it("round-trips through the reader in both languages", () => {
    for (const value of [0.01, 2.5, 12.25, 1000.5, 99_999.99])
      for (const style of ["en", "id"] as const)
        expect(parseNumberText(numberInputText(value, style, 2), style, 2, 100_000)).toEqual({
          ok: true,
          value,
        });
  });
});

describe("retypeAmountText: a typed amount keeps its quantity across a language switch", () => {
  it.each([
    ["2.125", "en", "id", "2,125"],
    ["2,125", "id", "en", "2.125"],
    ["1.000,5", "id", "en", "1000.5"],
    ["1,000.5", "en", "id", "1000,5"],
    ["98", "en", "id", "98"],
    ["2.5 GOLD", "en", "id", "2,5 GOLD"],
    ["Rp1.500.000", "id", "en", "Rp1500000"],
  ] as const)("%s typed in %s is %s in %s", (text, from, to, expected) => {
    expect(retypeAmountText(text, from, to)).toBe(expected);
  });

  it("leaves text that does not read as a figure as it is", () => {
    expect(retypeAmountText("abc", "en", "id")).toBe("abc");
    expect(retypeAmountText("", "en", "id")).toBe("");
    expect(retypeAmountText("2.5", "id", "id")).toBe("2.5");
  });
});
