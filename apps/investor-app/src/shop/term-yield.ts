/** Yield for the whole term on `principal`, rounded down: the contract's `amount * yieldBps / 10000`. */
export function termYield(principal: bigint, yieldBps: number): bigint {
  return (principal * BigInt(yieldBps)) / 10_000n;
}
