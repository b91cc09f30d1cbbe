import { describe, expect, it } from "vitest";
import { parseRupiahText } from "./parse-rupiah-text";

const maximum = 10n ** 15n;

describe("whole Rupiah typed in the page's language", () => {
  it("reads thousands grouped the language's way, with or without Rp", () => {
    expect(parseRupiahText("120.000.000", "id", maximum)).toEqual({ ok: true, rupiah: 120_000_000n });
    expect(parseRupiahText("Rp120.000.000", "id", maximum)).toEqual({ ok: true, rupiah: 120_000_000n });
    expect(parseRupiahText("120,000,000", "en", maximum)).toEqual({ ok: true, rupiah: 120_000_000n });
    expect(parseRupiahText("Rp 120,000,000", "en", maximum)).toEqual({ ok: true, rupiah: 120_000_000n });
    expect(parseRupiahText("120000000", "en", maximum)).toEqual({ ok: true, rupiah: 120_000_000n });
  });

  it("refuses the other language's grouping, fractions, signs, GOLD and sums above the maximum", () => {
    expect(parseRupiahText("120,000,000", "id", maximum)).toEqual({
      ok: false,
      problem: { kind: "wrongSeparators" },
    });
    expect(parseRupiahText("120,000", "id", maximum)).toEqual({ ok: false, problem: { kind: "notWhole" } });
    expect(parseRupiahText("120.5", "en", maximum)).toEqual({ ok: false, problem: { kind: "notWhole" } });
    expect(parseRupiahText("120.000.000", "en", maximum)).toEqual({
      ok: false,
      problem: { kind: "wrongSeparators" },
    });
    expect(parseRupiahText("1.500,50", "id", maximum)).toEqual({ ok: false, problem: { kind: "notWhole" } });
    expect(parseRupiahText("-5", "en", maximum)).toEqual({ ok: false, problem: { kind: "negative" } });
    expect(parseRupiahText("", "en", maximum)).toEqual({ ok: false, problem: { kind: "empty" } });
    expect(parseRupiahText("5 GOLD", "en", maximum)).toEqual({ ok: false, problem: { kind: "notANumber" } });
    expect(parseRupiahText("10000000000000000", "en", maximum)).toEqual({
      ok: false,
      problem: { kind: "tooLarge", maximum },
    });
  });
});
