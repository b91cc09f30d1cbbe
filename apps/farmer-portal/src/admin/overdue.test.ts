import { describe, expect, it } from "vitest";
import { isOverdue } from "./overdue";

describe("overdue invoices", () => {
  const maturity = "2026-01-01T00:00:00.000Z";

  it("become defaultable only once maturity plus the invoice's own grace period has passed", () => {
    expect(isOverdue({ maturity, graceDays: 30 }, Date.parse("2026-01-30T23:59:59Z"))).toBe(false);
    expect(isOverdue({ maturity, graceDays: 30 }, Date.parse("2026-01-31T00:00:00Z"))).toBe(true);
    expect(isOverdue({ maturity, graceDays: 7 }, Date.parse("2026-01-08T00:00:00Z"))).toBe(true);
  });

  it("never include an invoice without maturity or grace", () => {
    expect(isOverdue({ maturity: null, graceDays: null }, Date.now())).toBe(false);
    expect(isOverdue({ maturity, graceDays: null }, Date.now())).toBe(false);
  });
});
