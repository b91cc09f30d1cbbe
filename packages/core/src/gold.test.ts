import { describe, expect, it } from "vitest";
import { formatGold, ONE_GOLD, parseGold } from "./gold";

describe("GOLD amounts", () => {
  it("parses whole and fractional amounts exactly", () => {
    expect(parseGold("1500")).toBe(1500n * ONE_GOLD);
    expect(parseGold("0.000000000000000001")).toBe(1n);
    expect(parseGold("12.5")).toBe(12n * ONE_GOLD + ONE_GOLD / 2n);
  });
  it("rejects what is not a plain decimal amount", () => {
    for (const bad of ["", "-1", "1e18", "1.0000000000000000001", "abc", "1,000"]) {
      expect(() => parseGold(bad)).toThrow(RangeError);
    }
  });
  it("formats with grouping and rounds the fraction down", () => {
    expect(formatGold(1_234_567n * ONE_GOLD + ONE_GOLD / 3n)).toBe("1,234,567.33");
    expect(formatGold(ONE_GOLD)).toBe("1");
    expect(formatGold(0n)).toBe("0");
  });
});
