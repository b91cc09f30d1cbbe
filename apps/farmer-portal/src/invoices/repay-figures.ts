import { accrueLateFee, amountDue, type GoldTextProblem, latePaid } from "@farm/core";
import { type Language, readGoldInput } from "@farm/ui";

/** An invoice's terms and repayments as FarmNFT's getInvoice returns them (uint16 fields decode as numbers). */
export interface ChainInvoiceTerms {
  amount: bigint;
  repaid: bigint;
  yieldBps: number;
  tenorDays: number;
}

/** What the chain's amount due is made of, in base units (decision 0057). */
export interface DueBreakdown {
  /** Principal and financing fee not yet paid. */
  principalAndFee: bigint;
  /** Late fee owed now: the chain's amount due less the principal and fee unpaid. */
  lateFee: bigint;
  /** What one more whole day past maturity adds while the invoice stays funded (0 once principal and fee are in). */
  lateFeePerDay: bigint;
}

/**
 * Splits `due` (FarmNFT.amountDue at this block) into principal and fee still unpaid and the late fee, exactly in base
 * units, and says what the next whole day adds: the invoice's daily rate on what is still overdue (principal and fee
 * unpaid, at most the principal), never past the cap of principal - fee on late fees in all. Repayments beyond
 * principal and fee paid late fee, so the late fee accrued in all is the late fee owed plus that part.
 */
export function dueBreakdown(terms: ChainInvoiceTerms, due: bigint): DueBreakdown {
  const { amount, yieldBps, tenorDays, repaid } = terms;
  const principalAndFee = amountDue(amount, yieldBps, repaid);
  const lateFee = due > principalAndFee ? due - principalAndFee : 0n;
  const accrued = lateFee + latePaid(amount, yieldBps, repaid);
  const lateFeePerDay = accrueLateFee(amount, yieldBps, tenorDays, repaid, accrued, 1n) - accrued;
  return { principalAndFee, lateFee, lateFeePerDay: lateFeePerDay > 0n ? lateFeePerDay : 0n };
}

/** Why the amount typed cannot be paid: not an amount in the page's form, nothing, or more than is due. */
export type RepayAmountProblem = GoldTextProblem | { kind: "zero" } | { kind: "moreThanDue"; due: bigint };

export type RepayAmountCheck =
  | { ok: true; amount: bigint; full: boolean; left: bigint }
  | { ok: false; problem: RepayAmountProblem };

/**
 * Reads the amount to pay as typed in the page's language (id "1.000,50"; Rupiah at the deployment's rate), without
 * floats: more than nothing and never more than `due`; `full` when it is all of it, `left` what stays due after it.
 */
export function readRepayAmount(
  text: string,
  language: Language,
  due: bigint,
  rupiahPerGold: bigint | null,
): RepayAmountCheck {
  const read = readGoldInput(text, language, undefined, rupiahPerGold);
  if (!read.ok) return read;
  if (read.amount === 0n) return { ok: false, problem: { kind: "zero" } };
  if (read.amount > due) return { ok: false, problem: { kind: "moreThanDue", due } };
  return { ok: true, amount: read.amount, full: read.amount === due, left: due - read.amount };
}
