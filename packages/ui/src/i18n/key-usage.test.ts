import { describe, expect, it } from "vitest";
import { keyUsage } from "./key-usage";

describe("keyUsage", () => {
  const code = [
    'const a = t("shop.title"); const b = t("shop.count", { count: 2 });',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is source code the scanner reads
    'const c = t(`stage.${stage}.explain`); const d = `${x} ${t("shop.later")}`;',
  ];

  it("finds keys read whole, built from a prefix, or in plural forms, and names the rest", () => {
    const usage = keyUsage(code);
    expect(
      usage.unused([
        "shop.title",
        "shop.count.one",
        "shop.count.other",
        "stage.seed.explain",
        "shop.later",
        "shop.forgotten",
      ]),
    ).toEqual(["shop.forgotten"]);
  });

  it("names the keys asked for that no dictionary has", () => {
    const usage = keyUsage(code);
    expect(usage.missing(code, new Set(["shop.title", "shop.count.other"]))).toEqual(["shop.later"]);
  });
});
