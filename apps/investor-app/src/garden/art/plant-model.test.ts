import { describe, expect, it } from "vitest";
import { plantModel } from "./plant-model";

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
