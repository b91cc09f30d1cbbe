import { COMMODITIES, type CommodityArt, CROP_STAGES, type CropStage } from "@farm/core";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import CropArt from "./CropArt";
import { typicalProgress } from "./plant-model";

afterEach(cleanup);

const ALL: CommodityArt[] = [...COMMODITIES, "generic"];

function draw(
  commodity: CommodityArt,
  stage: CropStage,
  wateredToday = false,
  progress = typicalProgress[stage],
) {
  const { container } = render(
    <CropArt
      commodity={commodity}
      stage={stage}
      progress={progress}
      wateredToday={wateredToday}
      label={`${commodity} ${stage}`}
    />,
  );
  const svg = container.querySelector("svg");
  if (!svg) throw new Error("no svg rendered");
  const count = (part: string) => svg.querySelectorAll(`[data-part="${part}"]`).length;
  return { svg, count };
}

describe("crop art for every commodity at every stage", () => {
  for (const commodity of ALL)
    for (const stage of CROP_STAGES)
      for (const watered of [true, false])
        it(`draws ${commodity} ${stage} ${watered ? "watered" : "thirsty"} with the parts of that stage`, () => {
          const { svg, count } = draw(commodity, stage, watered);
          expect(svg.getAttribute("role")).toBe("img");
          expect(svg.getAttribute("aria-label")).toBe(`${commodity} ${stage}`);
          expect(svg.dataset).toMatchObject({ commodity, stage, watered: watered ? "yes" : "no" });
          const living = ["sprout", "growing", "ripe", "wilting"].includes(stage);
          expect(count("plant")).toBe(living || stage === "withered" ? 1 : 0);
          expect(count("seed")).toBe(stage === "seed" || stage === "returned" ? 1 : 0);
          expect(count("basket")).toBe(stage === "harvested" ? 1 : 0);
          expect(count("return-arrow")).toBe(stage === "returned" ? 1 : 0);
          expect(count("fruit") > 0).toBe(stage === "ripe");
          expect(count("drops")).toBe(watered && stage !== "harvested" && stage !== "returned" ? 1 : 0);
          expect(count("cracks")).toBe(!watered && living ? 1 : 0);
        });

  it("draws every stage of a commodity differently", () => {
    for (const commodity of ALL) {
      const pictures = new Set(CROP_STAGES.map((stage) => draw(commodity, stage).svg.innerHTML));
      expect(pictures.size, commodity).toBe(CROP_STAGES.length);
    }
  });

  it("draws every commodity's ripe plant differently", () => {
    const pictures = new Set(ALL.map((commodity) => draw(commodity, "ripe").svg.innerHTML));
    expect(pictures.size).toBe(ALL.length);
  });

  it("grows with the real progress through the term", () => {
    const growth = (stage: CropStage, progress: number) =>
      Number(draw("coffee", stage, true, progress).svg.dataset.growth);
    expect(growth("sprout", 0)).toBeLessThan(growth("sprout", 0.3));
    expect(growth("sprout", 0.3)).toBeLessThanOrEqual(growth("growing", 0.34));
    expect(growth("growing", 0.4)).toBeLessThan(growth("growing", 0.9));
    expect(growth("growing", 0.99)).toBeLessThan(growth("ripe", 1));
  });

  it("looks different watered today than thirsty", () => {
    for (const stage of ["sprout", "growing", "ripe", "wilting"] as const)
      expect(draw("rice", stage, true).svg.innerHTML).not.toBe(draw("rice", stage, false).svg.innerHTML);
  });
});
