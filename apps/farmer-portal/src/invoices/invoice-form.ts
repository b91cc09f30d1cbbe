import {
  dueDateProblem,
  dueDateWindow,
  maxYieldBpsFor,
  repaymentWindow,
  retypeDecimalText,
  type SubmitInvoiceRequest,
  submitInvoiceRequestSchema,
  yieldWithinCap,
} from "@farm/core";
import { type FieldProblem, type Language, problemOf, readGoldInput } from "@farm/ui";

/** The invoice form as typed: GOLD and percent as text, so nothing is rounded through a float. */
export type InvoiceDraft = {
  invoiceNumber: string;
  buyerName: string;
  buyerContact: string;
  amount: string;
  yieldPercent: string;
  tenorDays: string;
  fundingDays: string;
  dueDate: string;
  description: string;
};

export const emptyInvoiceDraft: InvoiceDraft = {
  invoiceNumber: "",
  buyerName: "",
  buyerContact: "",
  amount: "",
  yieldPercent: "",
  tenorDays: "",
  fundingDays: "",
  dueDate: "",
  description: "",
};

const percentPattern = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

/** "5" -> 500, "12.5" -> 1250 basis points; NaN when it is not a percentage with at most two decimals. */
export function percentToBps(text: string): number {
  const match = percentPattern.exec(text.trim());
  if (!match) return Number.NaN;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A typed yield re-written for another language with the same value ("12.5" -> "12,5"): at most two decimals. */
export function retypeYieldPercent(text: string, from: Language, to: Language): string {
  return retypeDecimalText(text, from, to, 2);
}

function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The days the API takes as the buyer's due date for the funding window typed (core's dueDateWindow), as of today. */
export function dueDateWindowOf(draft: InvoiceDraft): { earliest: string; latest: string } {
  return dueDateWindow(wholeNumber(draft.fundingDays) || 0, today());
}

/**
 * When the farmer repays for the term, funding window and buyer's due date typed (core's repaymentWindow, as of
 * today), or null while one of them is not yet a whole number of days or a date.
 */
export function repaymentOf(draft: InvoiceDraft): ReturnType<typeof repaymentWindow> | null {
  const tenorDays = wholeNumber(draft.tenorDays);
  const fundingDays = wholeNumber(draft.fundingDays);
  if (!(tenorDays > 0 && fundingDays > 0) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate)) return null;
  return repaymentWindow({ tenorDays, fundingDays, dueDate: draft.dueDate }, today());
}

/** A yield above the fee cap for the tenor: the most it may be (basis points) for those days. */
export type FeeCapProblem = { maxBps: number; tenorDays: number };

export type InvoiceFormResult =
  | { ok: true; request: SubmitInvoiceRequest }
  | { ok: false; errors: Partial<Record<keyof InvoiceDraft, FieldProblem>>; feeCap?: FeeCapProblem };

const fieldOfRequest: Record<string, keyof InvoiceDraft> = { yieldBps: "yieldPercent" };

/** The amount's own refusal in the page's language (its form, too many decimals, above the contract's largest), or
 *  null when it is a positive amount. */
function amountProblem(text: string, language: Language, rupiahPerGold: bigint | null): FieldProblem | null {
  const amount = readGoldInput(text, language, undefined, rupiahPerGold);
  if (!amount.ok) return { kind: "gold", problem: amount.problem };
  return amount.amount === 0n ? { kind: "gold", problem: { kind: "zero" } } : null;
}

/** Checks the form with the backend's own schema, the amount read in the page's language; field names map back to
 *  the form's. `maxDailyFee` (hundredths of a basis point a day, from `GET /api/invoices/terms`) refuses a yield above
 *  the cap for the tenor before sending, as the API and FarmNFT would; null while it is not known. */
export function readInvoiceForm(
  draft: InvoiceDraft,
  language: Language,
  maxDailyFee: number | null = null,
  rupiahPerGold: bigint | null = null,
): InvoiceFormResult {
  const amount = readGoldInput(draft.amount, language, undefined, rupiahPerGold);
  const result = submitInvoiceRequestSchema.safeParse({
    invoiceNumber: draft.invoiceNumber,
    buyerName: draft.buyerName,
    buyerContact: draft.buyerContact,
    amount: amount.ok ? amount.amount.toString() : "",
    yieldBps: percentToBps(draft.yieldPercent),
    tenorDays: wholeNumber(draft.tenorDays),
    fundingDays: wholeNumber(draft.fundingDays),
    dueDate: draft.dueDate,
    description: draft.description,
  });
  // The backend refuses a due date not after today or not after the funding window (422); say so before sending.
  const dueDate = /^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate)
    ? dueDateProblem({ dueDate: draft.dueDate, fundingDays: wholeNumber(draft.fundingDays) || 0 }, today())
    : null;
  // Judged on the yield and term as typed, whatever the other fields say, so it shows with their problems.
  const yieldBps = percentToBps(draft.yieldPercent);
  const tenorDays = wholeNumber(draft.tenorDays);
  const feeCap =
    maxDailyFee !== null &&
    Number.isInteger(yieldBps) &&
    tenorDays > 0 &&
    !yieldWithinCap(yieldBps, tenorDays, maxDailyFee)
      ? { maxBps: maxYieldBpsFor(maxDailyFee, tenorDays), tenorDays }
      : null;
  if (result.success && !dueDate && !feeCap) return { ok: true, request: result.data };
  const errors: Partial<Record<keyof InvoiceDraft, FieldProblem>> = {};
  // The cap is the yield field's problem: FarmNFT and the API refuse it (FeeAboveCap, 422 FEE_ABOVE_CAP).
  const refused = (): InvoiceFormResult => ({ ok: false, errors, ...(feeCap ? { feeCap } : {}) });
  if (dueDate) errors.dueDate = dueDate;
  const amountRefused = amountProblem(draft.amount, language, rupiahPerGold);
  if (amountRefused) errors.amount = amountRefused;
  if (result.success) return refused();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    const name = fieldOfRequest[field] ?? (field as keyof InvoiceDraft);
    const problem = problemOf(issue, draft[name]);
    // The numbers' own messages name their whole range (and the yield is checked in basis points, not percent).
    errors[name] ??= problem.kind === "atMost" ? { kind: "invalid" } : problem;
  }
  return refused();
}
