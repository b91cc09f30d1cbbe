import { describe, expect, it, vi } from "vitest";
import { growthShare, plantModel, stageShare } from "./plant-model";

describe("plantModel", () => {
  it("droops thirsty, wilting and withered plants progressively and never a watered healthy one", () => {
    expect(plantModel("growing", 0.5, true, "#f00").droop).toBe(0);
    const thirsty = plantModel("growing", 0.5, false, "#f00").droop;
    const wilting = plantModel("wilting", 1, true, "#f00").droop;
    const withered = plantModel("withered", 1, true, "#f00").droop;
    expect(thirsty).toBeGreaterThan(0);
    expect(wilting).toBeGreaterThan(thirsty);
    expect(withered).toBeGreaterThan(wilting);
  });

  it("dries the leaves of wilting and withered plants and bears fruit only when ripe", () => {
    const green = plantModel("growing", 0.5, true, "#f00").palette.leaf;
    expect(plantModel("wilting", 1, true, "#f00").palette.leaf).not.toBe(green);
    expect(plantModel("withered", 1, true, "#f00").palette.leaf).not.toBe(green);
    expect(plantModel("ripe", 1, true, "#f00").fruiting).toBe(true);
    expect(plantModel("growing", 0.9, true, "#f00").fruiting).toBe(false);
  });
});

describe("the growth share: how far through the term a plant is, at the chain's time", () => {
  const fundedAt = "2026-03-01T00:00:00.000Z";
  const maturity = "2026-03-31T00:00:00.000Z";
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.parse(fundedAt) + ms).toISOString();

  it("is 0 before funding and at the funding close, 1 at maturity and after, and clamped between", () => {
    expect(growthShare(null, null, at(0))).toBe(0);
    expect(growthShare(fundedAt, maturity, at(-48 * hour))).toBe(0);
    expect(growthShare(fundedAt, maturity, fundedAt)).toBe(0);
    expect(growthShare(fundedAt, maturity, at(15 * 24 * hour))).toBe(0.5);
    expect(growthShare(fundedAt, maturity, maturity)).toBe(1);
    expect(growthShare(fundedAt, maturity, at(400 * 24 * hour))).toBe(1);
    // A term of no length is over at once.
    expect(growthShare(fundedAt, fundedAt, fundedAt)).toBe(1);
  });

  it("never moves back as the chain's time runs, hour by hour through the term and past it", () => {
    let before = -1;
    let stageBefore = { growth: 0, buds: 0 };
    for (let h = -24; h <= 32 * 24; h += 1) {
      const share = growthShare(fundedAt, maturity, at(h * hour));
      expect(share).toBeGreaterThanOrEqual(before);
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(1);
      before = share;
      // Within the growing stage the drawing grows and buds with it, never shrinks.
      if (share > 1 / 3 && share < 1) {
        const model = plantModel("growing", share, true, "#f00");
        expect(model.growth).toBeGreaterThanOrEqual(stageBefore.growth);
        expect(model.buds).toBeGreaterThanOrEqual(stageBefore.buds);
        stageBefore = model;
      }
    }
    expect(stageBefore.buds).toBe(3);
  });

  it("reads only the chain's time it is given, whatever the device's clock says", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const answers = ["2020-01-01T00:00:00Z", "2026-03-16T00:00:00Z", "2031-07-01T00:00:00Z"].map((now) => {
        vi.setSystemTime(new Date(now));
        return growthShare(fundedAt, maturity, at(10 * 24 * hour));
      });
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toBeCloseTo(1 / 3, 4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the share of its stage a plant has grown", () => {
  it("runs 0..1 through a sprout's third of the term and a growing plant's two thirds, clamped outside", () => {
    expect(stageShare("sprout", 0)).toBe(0);
    expect(stageShare("sprout", 1 / 6)).toBeCloseTo(0.5);
    expect(stageShare("sprout", 0.9)).toBe(1);
    expect(stageShare("growing", 0.2)).toBe(0);
    expect(stageShare("growing", 2 / 3)).toBeCloseTo(0.5);
    expect(stageShare("growing", 1)).toBe(1);
    expect(stageShare("growing", 7)).toBe(1);
    expect(stageShare("growing", -3)).toBe(0);
    expect(stageShare("growing", Number.NaN)).toBe(0);
    expect(stageShare("seed", 0.5)).toBe(0);
    expect(stageShare("ripe", 0)).toBe(1);
  });

  it("draws a ripe plant full grown and fruiting whatever progress it is given, so it looks ripe everywhere", () => {
    const ripe = [0, 0.5, 1].map((progress) => plantModel("ripe", progress, true, "#f00"));
    for (const model of ripe) expect(model).toEqual(ripe[0]);
    expect(ripe[0]).toMatchObject({ growth: 1, fruiting: true, buds: 0 });
  });

  it("grows a sprout from 0.3 to 0.6 and a growing plant from 0.6 to 0.95 of full size, budding by quarters", () => {
    expect(plantModel("sprout", 0, true, "#f00").growth).toBeCloseTo(0.3);
    expect(plantModel("sprout", 1 / 3, true, "#f00").growth).toBeCloseTo(0.6);
    expect(plantModel("growing", 1 / 3, true, "#f00")).toMatchObject({ buds: 0 });
    expect(plantModel("growing", 1 / 3 + 0.5 * (2 / 3), true, "#f00").buds).toBe(2);
    expect(plantModel("growing", 0.999, true, "#f00").growth).toBeCloseTo(0.95, 2);
  });
});
