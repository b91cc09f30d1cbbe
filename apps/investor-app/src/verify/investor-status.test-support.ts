import { type InvestorStatus, ONE_GOLD, RISK_STATEMENT_VERSION } from "@farm/core";
import { queryKeys } from "../layout/query-keys";
import { testWallet } from "../test-support/render-with-wallet";

/** A verified investor who accepted the current risk statement: limit 750 GOLD, 100 held, 650 left. */
export function investorStatusFixture(overrides: Partial<InvestorStatus> = {}): InvestorStatus {
  return {
    wallet: testWallet,
    verification: {
      id: "0b0e9a4c-1c7e-4c55-9d0a-3c2f1f7e2a11",
      status: "approved",
      tier: "retail",
      annualIncomeRupiah: "120000000",
      reason: null,
      submittedAt: "2026-11-01T08:00:00.000Z",
      reviewedAt: "2026-11-02T08:00:00.000Z",
    },
    credential: {
      tier: "retail",
      validUntil: "2027-11-02T08:00:00.000Z",
      frozen: false,
      expired: false,
      limit: (750n * ONE_GOLD).toString(),
      outstanding: (100n * ONE_GOLD).toString(),
      available: (650n * ONE_GOLD).toString(),
    },
    riskStatement: {
      currentVersion: RISK_STATEMENT_VERSION,
      acceptedVersion: RISK_STATEMENT_VERSION,
      acceptedAt: "2026-11-02T09:00:00.000Z",
    },
    canInvest: true,
    blockedBy: null,
    limitBps: { retail: 1000, professional: 2000 },
    ...overrides,
  };
}

/** The query seed that answers `GET /api/investors/me` for the test wallet. */
export const investorStatusSeed = (status: InvestorStatus): [readonly unknown[], unknown] => [
  [...queryKeys.investorStatus, testWallet],
  status,
];
