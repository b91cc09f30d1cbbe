import type { InvestorCredential, InvestorVerification, RiskStatementState } from "@farm/core";
import { describe, expect, it } from "vitest";
import { blockerOf, credentialDate, credentialView } from "./status";

const verification = (status: InvestorVerification["status"]): InvestorVerification => ({
  id: "00000000-0000-4000-8000-000000000000",
  status,
  tier: "retail",
  annualIncomeRupiah: "1",
  reason: null,
  submittedAt: "2030-01-01T00:00:00.000Z",
  reviewedAt: null,
});
const credential = (change: Partial<InvestorCredential> = {}): InvestorCredential => ({
  tier: "retail",
  validUntil: "2031-01-01T00:00:00.000Z",
  frozen: false,
  expired: false,
  limit: "10",
  outstanding: "0",
  available: "10",
  ...change,
});
const accepted: RiskStatementState = {
  currentVersion: 2,
  acceptedVersion: 2,
  acceptedAt: "2030-01-01T00:00:00.000Z",
};
const outdated: RiskStatementState = { ...accepted, acceptedVersion: 1 };

describe("what stands between a wallet and a purchase", () => {
  it("names the first obstacle in the order the investor clears them", () => {
    expect(blockerOf(null, null, outdated)).toBe("unverified");
    expect(blockerOf(verification("superseded"), null, accepted)).toBe("unverified");
    expect(blockerOf(verification("pending"), null, accepted)).toBe("pending");
    expect(blockerOf(verification("rejected"), null, accepted)).toBe("rejected");
    expect(blockerOf(verification("approved"), credential({ expired: true, frozen: true }), outdated)).toBe(
      "expired",
    );
    expect(blockerOf(verification("approved"), credential({ frozen: true }), outdated)).toBe("frozen");
    expect(blockerOf(verification("approved"), credential(), outdated)).toBe("risk-statement");
    expect(blockerOf(verification("approved"), credential({ available: "0" }), accepted)).toBeNull();
  });

  it("judges expiry at the chain's clock and never shows less than nothing available", () => {
    const row = { wallet: "0x1", tier: 1, validUntil: 1_000, frozen: false, limit: 10n, updatedBlock: 1 };
    expect(credentialView(row, 4n, new Date(1_000_000))).toMatchObject({ expired: false, available: "6" });
    expect(credentialView(row, 12n, new Date(1_001_000))).toMatchObject({ expired: true, available: "0" });
    expect(credentialView({ ...row, tier: 0 }, 0n, new Date(0))).toBeNull();
  });
});

describe("a credential's valid-until as a date", () => {
  it("reads a never-expiring credential (uint40's largest second) as the end of year 9999, a date clients parse", () => {
    expect(credentialDate(2 ** 40 - 1)).toBe("9999-12-31T23:59:59.000Z");
    expect(credentialDate(1_924_992_000)).toBe("2031-01-01T00:00:00.000Z");
  });
});
