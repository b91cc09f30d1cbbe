import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "../gold";
import { formatGoldAsRupiah, formatSen, goldToSen } from "./rupiah";

describe("Rupiah", () => {
  it("writes whole Rupiah with the language's group sign, no space and no dot after Rp", () => {
    expect(formatGoldAsRupiah(ONE_GOLD * 6n + ONE_GOLD / 4n, 16_000n, "id")).toBe("Rp100.000");
    expect(formatGoldAsRupiah(ONE_GOLD * 6n + ONE_GOLD / 4n, 16_000n, "en")).toBe("Rp100,000");
    expect(formatSen(0n, "id")).toBe("Rp0");
    expect(formatSen(99_900n, "id")).toBe("Rp999");
    expect(formatSen(123_456_789_00n, "id")).toBe("Rp123.456.789");
  });

  it("never writes what Intl's currency formats do (space, NBSP, IDR, Rp.)", () => {
    for (const style of ["id", "en"] as const) {
      const text = formatSen(150_000_00n, style);
      expect(text).not.toMatch(/[\s\u00a0\u202f]|IDR|Rp\./);
      expect(text.startsWith("Rp1")).toBe(true);
    }
  });

  it("writes decimals after a comma in Indonesian and a point in English", () => {
    expect(formatSen(100_050n, "id", 2)).toBe("Rp1.000,50");
    expect(formatSen(100_050n, "en", 2)).toBe("Rp1,000.50");
    expect(formatSen(5n, "id", 2)).toBe("Rp0,05");
  });

  it("rounds half away from zero, the same size either side of zero", () => {
    expect(formatSen(50n, "id")).toBe("Rp1");
    expect(formatSen(49n, "id")).toBe("Rp0");
    expect(formatSen(-50n, "id")).toBe("-Rp1");
    expect(formatSen(-149n, "en")).toBe("-Rp1");
    expect(formatSen(-150n, "en")).toBe("-Rp2");
    // -0.4 rounds to zero and is written without a minus, unlike toFixed's "-0".
    expect(formatSen(-40n, "id")).toBe("Rp0");
  });

  it("puts the minus before Rp", () => {
    expect(formatGoldAsRupiah(-ONE_GOLD * 1_000n, 16_000n, "id")).toBe("-Rp16.000.000");
    expect(formatSen(-100_050n, "id", 2)).toBe("-Rp1.000,50");
  });

  it("converts without floats: amounts past 2^53 base units keep every unit", () => {
    // 0.1 + 0.2 GOLD: a float sum is 0.30000000000000004.
    expect(goldToSen(ONE_GOLD / 10n + (ONE_GOLD * 2n) / 10n, 16_000n)).toBe(480_000n);
    // One base unit at 16,000 Rp is 1.6e-14 Rp: rounds to 0 sen, not a stray cent.
    expect(goldToSen(1n, 16_000n)).toBe(0n);
    // 2^96 - 1 base units (the principal cap) at 16,000 Rp.
    const cap = 2n ** 96n - 1n;
    expect(goldToSen(cap, 16_000n)).toBe((cap * 1_600_000n + ONE_GOLD / 2n) / ONE_GOLD);
    expect(formatGoldAsRupiah(ONE_GOLD * 123_456_789_012n, 16_000n, "id")).toBe("Rp1.975.308.624.192.000");
  });

  it("rounds half a sen up and just under half down", () => {
    // 1 sen = ONE_GOLD / 1,600,000 base units at 16,000 Rp per GOLD.
    const halfSen = ONE_GOLD / 3_200_000n;
    expect(goldToSen(halfSen, 16_000n)).toBe(1n);
    expect(goldToSen(halfSen - 1n, 16_000n)).toBe(0n);
    expect(goldToSen(-halfSen, 16_000n)).toBe(-1n);
  });
});
