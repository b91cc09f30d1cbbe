import { type AmountStyle, parseRupiahText, type RupiahTextProblem } from "@farm/core";

export type InvestorTier = "retail" | "professional";

/** The verification form as typed: the income as text in the page's language, so nothing goes through a float. */
export type VerifyDraft = {
  fullName: string;
  nik: string;
  dateOfBirth: string;
  income: string;
  tier: InvestorTier;
  reason: string;
};

export const emptyVerifyDraft: VerifyDraft = {
  fullName: "",
  nik: "",
  dateOfBirth: "",
  income: "",
  tier: "retail",
  reason: "",
};

/** What is wrong with one field, each worded by the page (`verify.error.<field>.<kind>`). */
export type VerifyProblem =
  | { field: "fullName"; kind: "missing" | "tooLong" }
  | { field: "nik"; kind: "notDigits" | "length"; typed: number }
  | { field: "dateOfBirth"; kind: "missing" | "underage" | "future" | "tooOld" }
  | { field: "income"; kind: "zero" | RupiahTextProblem["kind"] }
  | { field: "reason"; kind: "missing" | "tooShort" | "tooLong"; typed: number };

export type VerifyField = VerifyProblem["field"];

/** Limits of the backend's schema (B1's `investorVerificationRequestSchema` checks them again). */
export const VERIFY_RULES = {
  nameMax: 120,
  nikDigits: 16,
  minimumAge: 18,
  maximumAge: 120,
  reasonMin: 20,
  reasonMax: 500,
  /** A declared annual income above a hundred trillion Rupiah is a typing slip. */
  incomeMax: 100_000_000_000_000n,
} as const;

/** Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD, UTC), as a birthday counts them. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split("-").map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function nikProblem(nik: string): VerifyProblem | null {
  const digits = nik.replace(/\s/g, "");
  if (!/^\d*$/.test(digits)) return { field: "nik", kind: "notDigits", typed: digits.length };
  if (digits.length !== VERIFY_RULES.nikDigits) return { field: "nik", kind: "length", typed: digits.length };
  return null;
}

function birthProblem(dateOfBirth: string, today: string): VerifyProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) || Number.isNaN(Date.parse(dateOfBirth)))
    return { field: "dateOfBirth", kind: "missing" };
  if (dateOfBirth > today) return { field: "dateOfBirth", kind: "future" };
  const age = ageOn(dateOfBirth, today);
  if (age < VERIFY_RULES.minimumAge) return { field: "dateOfBirth", kind: "underage" };
  if (age > VERIFY_RULES.maximumAge) return { field: "dateOfBirth", kind: "tooOld" };
  return null;
}

function reasonProblem(draft: VerifyDraft): VerifyProblem | null {
  if (draft.tier !== "professional") return null;
  const typed = draft.reason.trim().length;
  if (typed === 0) return { field: "reason", kind: "missing", typed };
  if (typed < VERIFY_RULES.reasonMin) return { field: "reason", kind: "tooShort", typed };
  if (typed > VERIFY_RULES.reasonMax) return { field: "reason", kind: "tooLong", typed };
  return null;
}

/** The declared income in whole Rupiah, or why the text is not one. */
export function readIncome(
  text: string,
  language: AmountStyle,
): { ok: true; rupiah: bigint } | VerifyProblem {
  const read = parseRupiahText(text, language, VERIFY_RULES.incomeMax);
  if (!read.ok) return { field: "income", kind: read.problem.kind };
  if (read.rupiah === 0n) return { field: "income", kind: "zero" };
  return read;
}

export type VerifyFields = {
  fullName: string;
  nik: string;
  dateOfBirth: string;
  annualIncomeRupiah: bigint;
  tier: InvestorTier;
  professionalReason: string | null;
};

export type VerifyFormResult =
  | { ok: true; fields: VerifyFields }
  | { ok: false; problems: Partial<Record<VerifyField, VerifyProblem>> };

/** Checks every field as the backend will (at `today`, the server's date rule: 18 or older). */
export function readVerifyForm(draft: VerifyDraft, language: AmountStyle, today: string): VerifyFormResult {
  const name = draft.fullName.trim();
  const income = readIncome(draft.income, language);
  const found: (VerifyProblem | null)[] = [
    name.length < 2
      ? { field: "fullName", kind: "missing" }
      : name.length > VERIFY_RULES.nameMax
        ? { field: "fullName", kind: "tooLong" }
        : null,
    nikProblem(draft.nik),
    birthProblem(draft.dateOfBirth, today),
    "ok" in income ? null : income,
    reasonProblem(draft),
  ];
  const problems: Partial<Record<VerifyField, VerifyProblem>> = {};
  for (const problem of found) if (problem) problems[problem.field] = problem;
  if (Object.keys(problems).length > 0 || !("ok" in income)) return { ok: false, problems };
  return {
    ok: true,
    fields: {
      fullName: name,
      nik: draft.nik.replace(/\s/g, ""),
      dateOfBirth: draft.dateOfBirth,
      annualIncomeRupiah: income.rupiah,
      tier: draft.tier,
      professionalReason: draft.tier === "professional" ? draft.reason.trim() : null,
    },
  };
}
