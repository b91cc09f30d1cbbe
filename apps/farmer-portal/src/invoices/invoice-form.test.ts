import { ONE_GOLD } from "@farm/core";
import { createTranslate, goldWords, problemText, sharedWords } from "@farm/ui";
import { AMOUNT_TABLE_RUPIAH_PER_GOLD, amountCases } from "@farm/ui/amount-cases";
import { afterAll, describe, expect, it, vi } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { fundingPercent } from "./funding-progress";
import {
  emptyInvoiceDraft,
  type InvoiceDraft,
  percentToBps,
  readInvoiceForm,
  repaymentOf,
  retypeYieldPercent,
} from "./invoice-form";

// One instant for the file: the form reads today's UTC date itself, and the expectations count days from the same today
// (a run crossing 00:00 UTC between the two named the day after). Only Date is faked; nothing here waits.
vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
afterAll(() => {
  vi.useRealTimers();
});
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

  it("re-writes a typed yield for another language with the same value", () => {
    expect(retypeYieldPercent("6.25", "en", "id")).toBe("6,25");
    expect(retypeYieldPercent("12,5", "id", "en")).toBe("12.5");
    for (const text of ["6.25", "12,5", "7", "abc", "1.234"])
      expect(percentToBps(retypeYieldPercent(text, "en", "id"))).toEqual(percentToBps(text));
  });

  it("builds the request the backend expects, amount in base units", () => {
    const result = readInvoiceForm(valid, "en");
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
    const result = readInvoiceForm(
      {
        ...valid,
        amount: "0",
        yieldPercent: "150",
        tenorDays: "6",
        fundingDays: "1.5",
        buyerContact: "ring me",
      },
      "en",
    );
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

  it("says exactly what is wrong: a 600-character buyer is too long, a due date today or earlier is not in the future", () => {
    const result = readInvoiceForm(
      {
        ...valid,
        buyerName: "b".repeat(600),
        dueDate: new Date().toISOString().slice(0, 10),
      },
      "en",
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.buyerName).toEqual({ kind: "tooLong", limit: 120 });
      expect(result.errors.dueDate).toEqual({ kind: "notFuture" });
    }
    const words = {
      "form.tooLong.other": "At most {count} characters; shorten it.",
      "form.dateNotInFuture": "Choose a date after today.",
    };
    const t = createTranslate(words, words, "en");
    if (!result.ok && result.errors.buyerName && result.errors.dueDate) {
      expect(problemText(t, result.errors.buyerName, "invoices.error.buyerName")).toBe(
        "At most 120 characters; shorten it.",
      );
      expect(problemText(t, result.errors.dueDate, "invoices.error.dueDate")).toBe(
        "Choose a date after today.",
      );
    }
  });

  it("refuses a due date inside the funding window, naming the first day allowed", () => {
    const inSix = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const result = readInvoiceForm({ ...valid, fundingDays: "14", dueDate: inSix }, "en");
    const earliest = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    expect(result).toEqual({ ok: false, errors: { dueDate: { kind: "beforeFundingCloses", earliest } } });
    const words = { "form.dateBeforeFundingCloses": "Choose {date} or later." };
    const t = createTranslate(words, words, "en");
    if (!result.ok && result.errors.dueDate)
      expect(problemText(t, result.errors.dueDate, "invoices.error.dueDate", (day) => `[${day}]`)).toBe(
        `Choose [${earliest}] or later.`,
      );
    expect(readInvoiceForm({ ...valid, fundingDays: "5", dueDate: inSix }, "en").ok).toBe(true);
  });

  // A mistyped year (2062 for 2026) is caught before an admin or a buyer reads it, naming the last day allowed.
  it("refuses a due date further out than the longest term after the funding window, naming the last day", () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const latest = day(14 + 365);
    expect(readInvoiceForm({ ...valid, fundingDays: "14", dueDate: latest }, "en").ok).toBe(true);
    const result = readInvoiceForm({ ...valid, fundingDays: "14", dueDate: day(14 + 366) }, "en");
    expect(result).toEqual({ ok: false, errors: { dueDate: { kind: "afterLatest", latest } } });
    const words = { "form.dateAfterLatest": "Choose {date} or earlier." };
    const t = createTranslate(words, words, "en");
    if (!result.ok && result.errors.dueDate)
      expect(problemText(t, result.errors.dueDate, "invoices.error.dueDate", (d) => `[${d}]`)).toBe(
        `Choose [${latest}] or earlier.`,
      );
  });

  it("refuses an empty form in every required field", () => {
    const result = readInvoiceForm(emptyInvoiceDraft, "en");
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

describe("the invoice amount reads the shared table of typed amounts in the page's language", () => {
  for (const row of amountCases) {
    it(`${row.language} ${JSON.stringify(row.text)}`, () => {
      const t = createTranslate(
        { ...sharedWords[row.language], ...goldWords[row.language], ...dictionaries[row.language] },
        { ...sharedWords.en, ...goldWords.en, ...dictionaries.en },
        row.language,
      );
      const result = readInvoiceForm(
        { ...valid, amount: row.text },
        row.language,
        null,
        AMOUNT_TABLE_RUPIAH_PER_GOLD,
      );
      if ("amount" in row) {
        // The table's largest amounts are beyond the contract; an invoice of exactly its largest passes.
        expect(result).toMatchObject({ ok: true, request: { amount: row.amount.toString() } });
      } else {
        const problem = result.ok ? undefined : result.errors.amount;
        expect(problem && problemText(t, problem, "invoices.error.amount")).toBe(row.refused);
      }
    });
  }

  it("says an amount of 0 must be more than 0, and only that", () => {
    const result = readInvoiceForm({ ...valid, amount: "0" }, "en");
    const t = createTranslate(goldWords.en, goldWords.en, "en");
    const problem = result.ok ? undefined : result.errors.amount;
    expect(problem && problemText(t, problem, "invoices.error.amount")).toBe(
      "Please enter an amount above 0.",
    );
  });
});

describe("the fee cap", () => {
  it("refuses a yield above maxDailyFee x tenor / 100 bp, naming the most allowed, and nothing while unknown", () => {
    // 6.25 % over 45 days at 670 (0.067 % a day): at most 301 bp.
    expect(readInvoiceForm(valid, "en", 670)).toEqual({
      ok: false,
      errors: {},
      feeCap: { maxBps: 301, tenorDays: 45 },
    });
    expect(readInvoiceForm({ ...valid, yieldPercent: "3.01" }, "en", 670).ok).toBe(true);
    expect(readInvoiceForm({ ...valid, yieldPercent: "3.02" }, "en", 670).ok).toBe(false);
    expect(readInvoiceForm(valid, "en", null).ok).toBe(true);
    // Said with the other fields' problems, not only once everything else is right.
    const early = readInvoiceForm({ ...emptyInvoiceDraft, yieldPercent: "6", tenorDays: "30" }, "en", 670);
    expect(early).toMatchObject({ ok: false, feeCap: { maxBps: 201, tenorDays: 30 } });
  });
});

describe("when the farmer repays, as typed", () => {
  it("is known once the term, the funding window and the due date are, and says if it may come before the buyer pays", () => {
    expect(repaymentOf({ ...valid, tenorDays: "" })).toBeNull();
    expect(repaymentOf({ ...valid, fundingDays: "x" })).toBeNull();
    expect(repaymentOf({ ...valid, dueDate: "" })).toBeNull();
    // Due in 60 days: a 45-day term funded at once ends before it, a 60-day one on it.
    expect(repaymentOf(valid)).toMatchObject({ beforeBuyerPays: true, coveringTenorDays: 60 });
    expect(repaymentOf({ ...valid, tenorDays: "60" })).toMatchObject({ beforeBuyerPays: false });
  });
});
