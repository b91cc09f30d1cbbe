import { describe, expect, it } from "vitest";
import { commodityOf } from "./commodity";

describe("commodityOf", () => {
  it("reads the commodity from English and Indonesian words", () => {
    expect(commodityOf("Arabica coffee, 2 t")).toBe("coffee");
    expect(commodityOf("Kopi Gayo")).toBe("coffee");
    expect(commodityOf("Beras premium 5 ton")).toBe("rice");
    expect(commodityOf("Cabai rawit")).toBe("chili");
    expect(commodityOf("Bawang merah Brebes")).toBe("shallot");
    expect(commodityOf("Jagung pipil")).toBe("corn");
    expect(commodityOf("Mangga harum manis")).toBe("mango");
    expect(commodityOf("Kentang Dieng")).toBe("potato");
    expect(commodityOf("Fermented cocoa beans")).toBe("cocoa");
  });

  it("takes the first commodity named and falls back to generic", () => {
    expect(commodityOf("rice and coffee")).toBe("rice");
    expect(commodityOf("Vanilla pods")).toBe("generic");
    expect(commodityOf(null)).toBe("generic");
    expect(commodityOf("pricey goods")).toBe("generic");
  });
});
