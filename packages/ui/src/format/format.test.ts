import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { formatDate, formatGoldAmount, formatPercentBps, formatRupiah } from "./format";

describe("formats of the active language", () => {
  it("writes GOLD with the language's separators, rounding down without floats", () => {
    const amount = 1_234_567n * ONE_GOLD + (ONE_GOLD * 459n) / 1000n;
    expect(formatGoldAmount(amount, "en")).toBe("1,234,567.45");
    expect(formatGoldAmount(amount, "id")).toBe("1.234.567,45");
    expect(formatGoldAmount(10n ** 30n, "en", 0)).toBe("1,000,000,000,000");
  });

  it("says an amount below the digits shown is below them, never 0 or -0", () => {
    const tiny = (ONE_GOLD * 4n) / 1000n; // 0.004 GOLD
    expect(formatGoldAmount(tiny, "id")).toBe("< 0,01");
    expect(formatGoldAmount(tiny, "en")).toBe("< 0.01");
    expect(formatGoldAmount(1n, "id", 4)).toBe("< 0,0001");
    expect(formatGoldAmount(ONE_GOLD / 2n, "en", 0)).toBe("< 1");
    expect(formatGoldAmount(-1n, "id")).toBe("> -0,01");
    expect(formatGoldAmount(-tiny, "en")).toBe("> -0.01");
    expect(formatGoldAmount(1n, "en", 18)).toBe("0.000000000000000001");
    expect(formatGoldAmount(0n, "id")).toBe("0");
    expect(formatGoldAmount(ONE_GOLD + 1n, "en")).toBe("1");
    expect(formatGoldAmount(-(ONE_GOLD + ONE_GOLD / 100n), "id")).toBe("-1,01");
  });

  it("writes percents and dates in one style per language", () => {
    expect(formatPercentBps(1250, "id")).toBe("12,5");
    expect(formatDate("2027-03-03T00:00:00Z", "en")).toMatch(/3 Mar 2027|Mar 3, 2027/);
  });

  it("writes Rupiah with Rp and no space, grouped the language's way", () => {
    expect(formatRupiah(100_000n, "id")).toBe("Rp100.000");
    expect(formatRupiah(100_000n, "en")).toBe("Rp100,000");
  });
});
