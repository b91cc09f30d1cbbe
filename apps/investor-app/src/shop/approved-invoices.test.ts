import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_BASE } from "@farm/ui";
import { describe, expect, it } from "vitest";
import { approvedInvoicesPath } from "./approved-invoices";

describe("the approved invoices' preload", () => {
  it("is the very request the home page and the shop send, so the browser reuses it instead of asking twice", () => {
    const html = readFileSync(join(import.meta.dirname, "../../index.html"), "utf8");
    const preload = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials" \/>/.exec(
      html,
    );
    expect(preload?.[1]?.replaceAll("&amp;", "&")).toBe(`${API_BASE}${approvedInvoicesPath}`);
  });
});
