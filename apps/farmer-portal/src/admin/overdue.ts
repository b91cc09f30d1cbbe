import { graceEnds } from "@farm/core";

/**
 * Funded and unpaid past maturity plus the invoice's own grace period (fixed on chain when it was funded) at `nowMs`,
 * the chain's time: the contract now accepts markDefaulted.
 */
export function isOverdue(
  invoice: { maturity: string | null; graceDays: number | null },
  nowMs: number,
): boolean {
  if (!invoice.maturity || invoice.graceDays === null) return false;
  return nowMs >= graceEnds(new Date(invoice.maturity), invoice.graceDays).getTime();
}
