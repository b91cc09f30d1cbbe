import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The header's layout rules as the browser reads them (jsdom's CSS parser): a menu opened from a button that sits
 * near the left edge on a phone must stay on screen, and chips and the language select must never cut their words.
 * The screenshots journey (e2e/tests/states-and-wallets.spec.ts) measures the result at five widths.
 */
function sheetOf(path: string): CSSStyleSheet {
  const style = document.createElement("style");
  style.textContent = readFileSync(path, "utf8");
  document.head.append(style);
  if (!style.sheet) throw new Error(`no sheet for ${path}`);
  return style.sheet;
}

/** The declarations of `selector` (exactly one of a rule's selectors), at top level or inside `media`. */
function rule(sheet: CSSStyleSheet, selector: string, media?: string): CSSStyleDeclaration | undefined {
  const rules =
    media === undefined
      ? [...sheet.cssRules]
      : [...sheet.cssRules]
          .filter(
            (each): each is CSSMediaRule => each instanceof CSSMediaRule && each.media.mediaText === media,
          )
          .flatMap((each) => [...each.cssRules]);
  const found = rules.filter(
    (each): each is CSSStyleRule =>
      each instanceof CSSStyleRule && each.selectorText.split(",").some((part) => part.trim() === selector),
  );
  return found.at(-1)?.style;
}

const ui = join(import.meta.dirname, "..", "styles.css");
const portal = join(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "..",
  "apps",
  "farmer-portal",
  "src",
  "styles.css",
);

afterEach(() => {
  for (const style of document.head.querySelectorAll("style")) style.remove();
});

describe("the header on a phone", () => {
  it("hangs the account menu from the header's two edges below tablet width, not from its button", () => {
    const sheet = sheetOf(ui);
    const phone = "(max-width: 767px)";
    expect(rule(sheet, ".farm-header", phone)?.getPropertyValue("position")).toBe("relative");
    expect(rule(sheet, ".account-menu", phone)?.getPropertyValue("position")).toBe("static");
    const panel = rule(sheet, ".account-menu__panel", phone);
    expect(panel?.getPropertyValue("left")).toBe("0.5rem");
    expect(panel?.getPropertyValue("right")).toBe("0.5rem");
    expect(panel?.getPropertyValue("width")).toBe("auto");
  });

  it("keeps the address or balance chip on one line and the account picker as wide as the menu", () => {
    const sheet = sheetOf(ui);
    expect(rule(sheet, ".account-menu summary")?.getPropertyValue("white-space")).toBe("nowrap");
    expect(rule(sheet, ".account-menu__panel .farm-dev-account select")?.getPropertyValue("width")).toBe(
      "100%",
    );
  });

  it("never narrows the language select below its words, in either app", () => {
    const sheet = sheetOf(ui);
    expect(rule(sheet, ".farm-language select")?.getPropertyValue("flex-shrink")).toBe("0");
    const portalSheet = sheetOf(portal);
    for (const media of [undefined, "(max-width: 640px)", "(max-width: 1023px)"]) {
      expect(rule(portalSheet, ".farm-header select", media)?.getPropertyValue("max-width") ?? "").toBe("");
      expect(rule(portalSheet, ".farm-language select", media)?.getPropertyValue("max-width") ?? "").toBe("");
    }
  });

  it("hides the skip link by clipping it in place, not by pushing it off the page", () => {
    const skip = rule(sheetOf(ui), ".farm-skip");
    expect(skip?.getPropertyValue("left")).not.toMatch(/^-/);
    expect(skip?.getPropertyValue("width")).toBe("1px");
    expect(skip?.getPropertyValue("overflow")).toBe("hidden");
  });
});
