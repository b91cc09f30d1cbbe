import { describe, expect, it } from "vitest";
import { sizeText } from "./size-text";

describe("sizeText", () => {
  it("writes megabytes with the page's decimal separator", () => {
    expect(sizeText(2.5 * 1024 * 1024, "id")).toBe("2,5 MB");
    expect(sizeText(2.5 * 1024 * 1024, "en")).toBe("2.5 MB");
    expect(sizeText(10 * 1024 * 1024, "id")).toBe("10,0 MB");
  });

  it("writes kilobytes rounded up, grouped the page's way", () => {
    expect(sizeText(300 * 1024 - 10, "id")).toBe("300 KB");
    expect(sizeText(1023 * 1024, "id")).toBe("1.023 KB");
    expect(sizeText(1023 * 1024, "en")).toBe("1,023 KB");
  });
});
