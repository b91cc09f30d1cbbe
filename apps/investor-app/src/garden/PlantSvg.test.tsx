import { type CropStage, CROP_STAGES as cropStages } from "@farm/core";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PlantSvg } from "./PlantSvg";
import { plantArt } from "./plant-art";

afterEach(cleanup);

function draw(stage: CropStage, wateredToday = false) {
  const { container } = render(
    <PlantSvg stage={stage} wateredToday={wateredToday} label={`plant ${stage}`} />,
  );
  const svg = container.querySelector("svg");
  if (!svg) throw new Error("no svg rendered");
  const count = (part: string) => svg.querySelectorAll(`[data-part="${part}"]`).length;
  return { svg, count };
}

describe("plant drawing per stage", () => {
  it("draws a different picture for every stage", () => {
    const pictures = new Set(cropStages.map((stage) => draw(stage).svg.innerHTML));
    expect(pictures.size).toBe(cropStages.length);
  });

  it("shows only a seed in the soil while funding is open", () => {
    const { count } = draw("seed");
    expect(count("seed")).toBe(1);
    expect(count("plant")).toBe(0);
  });

  it("grows leaves from sprout to growing to ripe, and only the ripe plant bears fruit", () => {
    const leaves = (["sprout", "growing", "ripe"] as const).map((stage) => draw(stage).count("leaf-pair"));
    expect(leaves).toEqual([1, 2, 3]);
    expect(draw("growing").count("fruit")).toBe(0);
    expect(draw("ripe").count("fruit")).toBeGreaterThan(0);
  });

  it("droops a wilting plant and droops a withered one further, in dry colours", () => {
    expect(plantArt("wilting", false).droop).toBeGreaterThan(0);
    expect(plantArt("withered", false).droop).toBeGreaterThan(plantArt("wilting", false).droop);
    expect(plantArt("withered", false).leafColor).not.toBe(plantArt("growing", false).leafColor);
  });

  it("marks a returned crop's seed with an arrow back to the investor", () => {
    const { count } = draw("returned");
    expect(count("seed")).toBe(1);
    expect(count("return-arrow")).toBe(1);
    expect(draw("seed").count("return-arrow")).toBe(0);
  });

  it("draws an empty plot with a basket once harvested", () => {
    const { count } = draw("harvested");
    expect(count("basket")).toBe(1);
    expect(count("plant")).toBe(0);
  });

  it("darkens the soil and shows drops only when watered today", () => {
    const dry = draw("growing", false);
    expect(dry.count("drops")).toBe(0);
    const wet = draw("growing", true);
    expect(wet.count("drops")).toBe(1);
    expect(plantArt("growing", true).soilColor).not.toBe(plantArt("growing", false).soilColor);
  });

  it("exposes the plant to screen readers as one labelled image", () => {
    const { svg } = draw("ripe", true);
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("plant ripe");
  });
});
