import { describe, expect, it } from "vitest";
import { plantsInGarden, soldAway } from "./sold-crops";

const nothing = { harvestedPrincipal: "0", harvestedYield: "0", refunded: "0" };
const G = 10n ** 18n;

describe("plants sold on the market", () => {
  it("leave the garden once no share is left and nothing was harvested or refunded", () => {
    expect(soldAway({ shares: "0", received: nothing })).toBe(true);
    expect(soldAway({ shares: (500n * G).toString(), received: nothing })).toBe(false);
  });

  it("stay when harvested or refunded: the garden keeps their story", () => {
    expect(soldAway({ shares: "0", received: { ...nothing, harvestedPrincipal: "1" } })).toBe(false);
    expect(soldAway({ shares: "0", received: { ...nothing, refunded: "1" } })).toBe(false);
  });

  it("keeps a plant sold in half, with its shares", () => {
    const half = { cropId: "7", shares: (250n * G).toString(), received: nothing };
    const gone = { cropId: "8", shares: "0", received: nothing };
    expect(plantsInGarden([half, gone]).map((crop) => crop.cropId)).toEqual(["7"]);
  });
});
