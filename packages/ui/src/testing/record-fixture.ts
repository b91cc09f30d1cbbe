import type { RepaymentRecord } from "@farm/core";

/** A measured repayment record for component tests (the hand-computed platform of the backend's record test). */
export function recordFixture(overrides: Partial<RepaymentRecord> = {}): RepaymentRecord {
  return {
    standing: "measured",
    tkb90Bps: 8857,
    twp90Bps: 1143,
    outstanding: "0",
    outstandingOver90: "0",
    financed: 8,
    current: 1,
    repaidOnTime: 2,
    repaidLate: 1,
    repaidLateMaxDays: 3,
    repaidLateTotalDays: 3,
    inGrace: 1,
    overdue: 0,
    defaulted: 3,
    settled: 1,
    defaultedPrincipal: "0",
    recoveredPrincipal: "0",
    recoveredFee: "0",
    lostPrincipal: "0",
    asOf: "2027-06-01T00:00:00.000Z",
    ...overrides,
  };
}
