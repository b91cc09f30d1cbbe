import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { fundingPercent } from "./funding-progress";
import { emptyInvoiceDraft, type InvoiceDraft, percentToBps, readInvoiceForm } from "./invoice-form";

const dueDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const valid: InvoiceDraft = {
  invoiceNumber: "INV-2026/7",
  buyerName: "PT Pasar Induk",
  buyerContact: "0812 3456 7890",
  amount: "2,500.5",
  yieldPercent: "6.25",
  tenorDays: "45",
  fundingDays: "14",
  dueDate,
  description: "",
};

describe("invoice form", () => {
  it("turns percent text into basis points without floats", () => {
    expect(percentToBps("5")).toBe(500);
    expect(percentToBps("12,5")).toBe(1250);
    expect(percentToBps("0.07")).toBe(7);
    expect(percentToBps("1.234")).toBeNaN();
    expect(percentToBps("-1")).toBeNaN();
  });

  it("builds the request the backend expects, amount in base units", () => {
    const result = readInvoiceForm(valid);
    expect(result).toEqual({
      ok: true,
      request: {
        invoiceNumber: "INV-2026/7",
        buyerName: "PT Pasar Induk",
        buyerContact: "+6281234567890",
        amount: (2500n * ONE_GOLD + ONE_GOLD / 2n).toString(),
        yieldBps: 625,
        tenorDays: 45,
        fundingDays: 14,
        dueDate,
        description: "",
      },
    });
  });

  it("maps refused fields back to the form's names", () => {
    const result = readInvoiceForm({
      ...valid,
      amount: "0",
      yieldPercent: "150",
      tenorDays: "6",
      fundingDays: "1.5",
      buyerContact: "ring me",
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual([
        "amount",
        "buyerContact",
        "fundingDays",
        "tenorDays",
        "yieldPercent",
      ]);
  });

  it("refuses an empty form in every required field", () => {
    const result = readInvoiceForm(emptyInvoiceDraft);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual([
        "amount",
        "buyerContact",
        "buyerName",
        "dueDate",
        "fundingDays",
        "invoiceNumber",
        "tenorDays",
        "yieldPercent",
      ]);
    }
  });

  it("shows funding progress in whole percent from base-unit strings", () => {
    expect(fundingPercent({ amount: (3n * 10n ** 30n).toString(), funded: (10n ** 30n).toString() })).toBe(
      33,
    );
    expect(fundingPercent({ amount: "0", funded: "0" })).toBe(0);
  });
});
