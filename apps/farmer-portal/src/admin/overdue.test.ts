import { describe, expect, it } from "vitest";
import { isOverdue } from "./overdue";

describe("overdue invoices", () => {
  const maturity = "2026-01-01T00:00:00.000Z";
  const grace = 30n * 86_400n;

  it("become defaultable only once maturity plus the grace period has passed", () => {
    expect(isOverdue({ maturity }, grace, Date.parse("2026-01-30T23:59:59Z"))).toBe(false);
    expect(isOverdue({ maturity }, grace, Date.parse("2026-01-31T00:00:00Z"))).toBe(true);
  });

  it("never include an invoice without maturity", () => {
    expect(isOverdue({ maturity: null }, 0n, Date.now())).toBe(false);
  });
});
