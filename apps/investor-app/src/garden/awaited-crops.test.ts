import { describe, expect, it } from "vitest";
import {
  awaitCrop,
  awaitedCropGiveUpMs,
  awaitedCropRefetchMs,
  awaitedCropsRefetchInterval,
} from "./awaited-crops";

const investor = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const other = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

describe("awaitedCropsRefetchInterval", () => {
  it("polls while a planted crop is missing from the list, and stops once it is listed", () => {
    awaitCrop(investor, "7", 0);
    expect(awaitedCropsRefetchInterval(investor, [], 1_000)).toBe(awaitedCropRefetchMs);
    expect(awaitedCropsRefetchInterval(investor.toLowerCase(), [{ cropId: "3" }], 2_000)).toBe(
      awaitedCropRefetchMs,
    );
    expect(awaitedCropsRefetchInterval(investor, [{ cropId: "7" }], 3_000)).toBe(false);
    // Forgotten once seen: a later list without it (harvested and gone) does not poll.
    expect(awaitedCropsRefetchInterval(investor, [], 4_000)).toBe(false);
  });

  it("polls only for the wallet that planted, and not before the list is loaded", () => {
    awaitCrop(investor, "8", 0);
    expect(awaitedCropsRefetchInterval(other, [], 1_000)).toBe(false);
    expect(awaitedCropsRefetchInterval(undefined, [], 1_000)).toBe(false);
    expect(awaitedCropsRefetchInterval(investor, undefined, 1_000)).toBe(false);
    expect(awaitedCropsRefetchInterval(investor, [{ cropId: "8" }], 2_000)).toBe(false);
  });

  it("gives up on a crop that never appears", () => {
    awaitCrop(investor, "9", 0);
    expect(awaitedCropsRefetchInterval(investor, [], awaitedCropGiveUpMs - 1)).toBe(awaitedCropRefetchMs);
    expect(awaitedCropsRefetchInterval(investor, [], awaitedCropGiveUpMs)).toBe(false);
    expect(awaitedCropsRefetchInterval(investor, [], awaitedCropGiveUpMs + 1)).toBe(false);
  });
});
