import { describe, expect, it } from "vitest";
import { ageOn, emptyVerifyDraft, readVerifyForm, type VerifyDraft } from "./verify-form";

// A fixed day: the age rule must not depend on when the test runs.
const today = "2026-11-26";
const valid: VerifyDraft = {
  fullName: "Dewi Lestari",
  nik: "3174015505900002",
  dateOfBirth: "1990-05-15",
  income: "120.000.000",
  tier: "retail",
  reason: "",
};

describe("the verification form's rules", () => {
  it("reads a valid draft typed on an Indonesian page, income in whole Rupiah", () => {
    expect(readVerifyForm(valid, "id", today)).toEqual({
      ok: true,
      fields: {
        fullName: "Dewi Lestari",
        nik: "3174015505900002",
        dateOfBirth: "1990-05-15",
        annualIncomeRupiah: 120_000_000n,
        tier: "retail",
        professionalReason: null,
      },
    });
    expect(readVerifyForm({ ...valid, income: "120,000,000" }, "en", today).ok).toBe(true);
  });

  it("checks the NIK as typed: digits only, exactly 16, saying how many were typed", () => {
    const problem = (nik: string) => {
      const result = readVerifyForm({ ...valid, nik }, "id", today);
      return result.ok ? null : result.problems.nik;
    };
    expect(problem("317401550590")).toEqual({ field: "nik", kind: "length", typed: 12 });
    expect(problem("31740155059000021")).toEqual({ field: "nik", kind: "length", typed: 17 });
    expect(problem("3174-0155")).toEqual({ field: "nik", kind: "notDigits", typed: 9 });
    expect(problem("3174 0155 0590 0002")).toBeNull();
  });

  it("asks for 18 or older on the given day, counting the birthday itself", () => {
    expect(ageOn("2008-11-26", today)).toBe(18);
    expect(ageOn("2008-11-27", today)).toBe(17);
    const problem = (dateOfBirth: string) => {
      const result = readVerifyForm({ ...valid, dateOfBirth }, "id", today);
      return result.ok ? null : result.problems.dateOfBirth?.kind;
    };
    expect(problem("2008-11-26")).toBeNull();
    expect(problem("2008-11-27")).toBe("underage");
    expect(problem("2027-01-01")).toBe("future");
    expect(problem("")).toBe("missing");
  });

  it("refuses an income in the other language's form, with decimals, or zero", () => {
    const problem = (income: string, language: "en" | "id") => {
      const result = readVerifyForm({ ...valid, income }, language, today);
      return result.ok ? null : result.problems.income?.kind;
    };
    expect(problem("120,000,000", "id")).toBe("wrongSeparators");
    expect(problem("120.000.000", "en")).toBe("wrongSeparators");
    expect(problem("1.500,50", "id")).toBe("notWhole");
    expect(problem("0", "en")).toBe("zero");
    expect(problem("", "en")).toBe("empty");
  });

  it("needs a reason of 20 to 500 characters for the professional tier only", () => {
    const reason = (tier: "retail" | "professional", text: string) => {
      const result = readVerifyForm({ ...valid, tier, reason: text }, "id", today);
      return result.ok ? null : result.problems.reason?.kind;
    };
    expect(reason("retail", "")).toBeNull();
    expect(reason("professional", "")).toBe("missing");
    expect(reason("professional", "I trade")).toBe("tooShort");
    expect(reason("professional", "x".repeat(501))).toBe("tooLong");
    expect(reason("professional", "Licensed securities broker since 2015")).toBeNull();
  });

  it("reports every empty field of an empty draft", () => {
    const result = readVerifyForm(emptyVerifyDraft, "en", today);
    expect(result.ok ? [] : Object.keys(result.problems).sort()).toEqual([
      "dateOfBirth",
      "fullName",
      "income",
      "nik",
    ]);
  });
});
