import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { readGoldInput } from "./gold-input";

describe("readGoldInput", () => {
  it("reads amounts with thousands separators and decimals", () => {
    expect(readGoldInput("1,500.25")).toBe(1500n * ONE_GOLD + ONE_GOLD / 4n);
  });

  it("returns null for empty or non-numeric text", () => {
    expect(readGoldInput("  ")).toBeNull();
    expect(readGoldInput("12abc")).toBeNull();
    expect(readGoldInput("-5")).toBeNull();
  });
});
