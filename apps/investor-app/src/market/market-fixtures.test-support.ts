import type { MarketBook, MarketBookEntry } from "@farm/core";
import { recordFixture } from "@farm/ui/testing";

const G = 10n ** 18n;
export const sellerAddress = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

/** One listing of the book as `GET /api/market` answers it (core's schema holds): 500 GOLD of face at 98 %. */
export function listingFixture(overrides: Partial<MarketBookEntry> = {}): MarketBookEntry {
  return {
    side: "listing",
    signer: sellerAddress,
    tokenId: "7",
    shares: (500n * G).toString(),
    price: ((98n * G) / 100n).toString(),
    expiry: "1800000000",
    nonce: "8123456789012345678",
    signature: `0x${"1b".repeat(65)}`,
    expiresAt: "2027-01-15T08:00:00.000Z",
    status: "open",
    filledShares: "0",
    remaining: (500n * G).toString(),
    createdAt: "2026-11-20T08:00:00.000Z",
    invoice: {
      farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      state: {
        name: "funded",
        farmerAction: "repay",
        adminAction: null,
        defaultableFrom: null,
        settleableFrom: null,
      },
      maturity: "2026-12-20T08:00:00.000Z",
      yieldBps: 400,
      tenorDays: 60,
      overdue: false,
      defaulted: false,
    },
    faceValue: (500n * G).toString(),
    cost: (490n * G).toString(),
    fee: "0",
    discountBps: 200,
    impliedYieldBps: 612,
    impliedAnnualYieldBps: 7446,
    daysToMaturity: 30,
    impliedYieldUndefined: null,
    farmerRecord: recordFixture(),
    buyerRecord: null,
    ...overrides,
  };
}

/** A listing whose invoice is past maturity unpaid: no implied yield, a red warning. */
export function overdueListing(overrides: Partial<MarketBookEntry> = {}): MarketBookEntry {
  const base = listingFixture();
  return listingFixture({
    invoice: {
      ...base.invoice,
      state: { ...base.invoice.state, name: "overdue", defaultableFrom: "2027-01-05T08:00:00.000Z" },
      overdue: true,
    },
    impliedYieldBps: null,
    impliedAnnualYieldBps: null,
    daysToMaturity: null,
    impliedYieldUndefined: "matured",
    ...overrides,
  });
}

export function bookPage(items: MarketBookEntry[], nextCursor: string | null = null): MarketBook {
  return { items, nextCursor, paused: false };
}
