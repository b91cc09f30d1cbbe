import { describe, expect, it } from "vitest";
import { toBigInt, toBigIntOrNull } from "./bigint";

describe("toBigInt", () => {
  it("converts decimal integer strings beyond float precision exactly", () => {
    expect(toBigInt("1500000000000000000001")).toBe(1500000000000000000001n);
  });

  it("refuses decimals, exponents and unsafe numbers", () => {
    expect(() => toBigInt("1.5")).toThrow(RangeError);
    expect(() => toBigInt("1e18")).toThrow(RangeError);
    expect(() => toBigInt(2 ** 60)).toThrow(RangeError);
  });

  it("keeps absent optional values absent", () => {
    expect(toBigIntOrNull(null)).toBeNull();
    expect(toBigIntOrNull(undefined)).toBeNull();
  });
});
