/** Share of the target funded so far, in whole percent rounded down (bigint: amounts exceed float precision). */
export function fundingPercent(invoice: { amount: string; funded: string }): number {
  const target = BigInt(invoice.amount);
  if (target === 0n) return 0;
  return Number((BigInt(invoice.funded) * 100n) / target);
}
