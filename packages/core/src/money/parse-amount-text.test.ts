import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "../gold";
import { parseAmountText } from "./parse-amount-text";

const max = 1_000_000n * ONE_GOLD;
const rate = 16_000n;

describe("parseAmountText", () => {
  it("reads a Rupiah figure in the page's style at the rate: Rp1.500.000 (id), Rp1,500,000 (en)", () => {
    const expected = { ok: true, amount: (9_375n * ONE_GOLD) / 100n }; // 1,500,000 / 16,000 = 93.75 GOLD
    expect(parseAmountText("Rp1.500.000", "id", max, rate)).toEqual(expected);
    expect(parseAmountText("Rp1,500,000", "en", max, rate)).toEqual(expected);
    expect(parseAmountText(" rp 1500000 ", "en", max, rate)).toEqual(expected);
    expect(parseAmountText("IDR 1.500.000", "id", max, rate)).toEqual(expected);
    expect(parseAmountText("1.500.000 Rp", "id", max, rate)).toEqual(expected);
    expect(parseAmountText("Rp1.500.000,50", "id", max, rate)).toEqual({
      ok: true,
      amount: (150_000_050n * ONE_GOLD) / 100n / rate,
    });
  });

  it("rounds down, so the GOLD never buys more than the Rupiah typed", () => {
    // Rp1 at 15,999 Rupiah per GOLD is 1/15,999 GOLD, which no whole number of base units is exactly.
    const read = parseAmountText("Rp1", "en", max, 15_999n);
    expect(read).toEqual({ ok: true, amount: ONE_GOLD / 15_999n });
    if (read.ok) expect(read.amount * 15_999n).toBeLessThanOrEqual(ONE_GOLD);
  });

  it("reads GOLD as before, with or without a rate", () => {
    expect(parseAmountText("1.500,5", "id", max, rate)).toEqual({
      ok: true,
      amount: (15_005n * ONE_GOLD) / 10n,
    });
    expect(parseAmountText("2 GOLD", "en", max, null)).toEqual({ ok: true, amount: 2n * ONE_GOLD });
  });

  it("refuses Rupiah when no rate is configured, and what a Rupiah figure cannot be", () => {
    expect(parseAmountText("Rp1.500.000", "id", max, null)).toEqual({
      ok: false,
      problem: { kind: "otherCurrency" },
    });
    expect(parseAmountText("Rp1,500,000", "id", max, rate)).toMatchObject({
      ok: false,
      problem: { kind: "wrongSeparators" },
    });
    expect(parseAmountText("Rp1.500,505", "id", max, rate)).toEqual({
      ok: false,
      problem: { kind: "rupiahTooManyDecimals", decimals: 2 },
    });
    expect(parseAmountText("Rp", "id", max, rate)).toEqual({ ok: false, problem: { kind: "empty" } });
    expect(parseAmountText("Rp-5", "en", max, rate)).toEqual({ ok: false, problem: { kind: "negative" } });
    expect(parseAmountText("Rp 5 GOLD", "en", max, rate)).toEqual({
      ok: false,
      problem: { kind: "notANumber" },
    });
    // A million GOLD is Rp16,000,000,000: one Rupiah more is over the maximum, in GOLD terms.
    expect(parseAmountText("Rp16,000,000,000", "en", max, rate)).toEqual({ ok: true, amount: max });
    expect(parseAmountText("Rp16,000,000,016", "en", max, rate)).toEqual({
      ok: false,
      problem: { kind: "tooLarge", maximum: max },
    });
  });
});
