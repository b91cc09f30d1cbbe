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

  it("writes percents and dates in one style per language", () => {
    expect(formatPercentBps(1250, "id")).toBe("12,5");
    expect(formatDate("2027-03-03T00:00:00Z", "en")).toMatch(/3 Mar 2027|Mar 3, 2027/);
  });

  it("writes Rupiah with Rp and no space, grouped the language's way", () => {
    expect(formatRupiah(100_000n, "id")).toBe("Rp100.000");
    expect(formatRupiah(100_000n, "en")).toBe("Rp100,000");
  });
});
