/**
 * Funded and unpaid past maturity plus the grace period (seconds) at `nowMs`, the chain's time: the contract now
 * accepts markDefaulted.
 */
export function isOverdue(
  invoice: { maturity: string | null },
  graceSeconds: bigint,
  nowMs: number,
): boolean {
  if (!invoice.maturity) return false;
  const defaultableAtMs = Date.parse(invoice.maturity) + Number(graceSeconds) * 1000;
  return nowMs >= defaultableAtMs;
}
