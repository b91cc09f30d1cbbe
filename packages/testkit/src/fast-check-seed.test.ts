import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAST_CHECK_SEED } from "./fast-check-seed";

describe("the property tests' draw", () => {
  it("is fixed for every fc.assert of a project that loads fast-check-setup.ts", () => {
    expect(fc.readConfigureGlobal().seed).toBe(FAST_CHECK_SEED);
    const drawn: number[][] = [];
    for (let run = 0; run < 2; run += 1) {
      const values: number[] = [];
      fc.assert(
        fc.property(fc.integer(), (n) => {
          values.push(n);
        }),
        { numRuns: 20 },
      );
      drawn.push(values);
    }
    expect(drawn[1]).toEqual(drawn[0]);
  });
});
