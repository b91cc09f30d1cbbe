// Plain constants of investor verification and the fee cap, kept apart from the zod schemas so an app page that only
// needs them does not pull zod into its bundle.

/**
 * The risk statement's current version: the investor app shows its words (en, id) and records an acceptance of this
 * number; raise it when the words change in substance, and every investor is asked to accept again.
 */
export const RISK_STATEMENT_VERSION = 1;

/** An investor's tier: retail (limit 10 % of declared annual income by default) or professional (20 %). */
export const INVESTOR_TIERS = ["retail", "professional"] as const;
export type InvestorTier = (typeof INVESTOR_TIERS)[number];

/** FarmNFT's credential tier numbers (0 = none). */
export const credentialTierNumber = { retail: 1, professional: 2 } as const satisfies Record<
  InvestorTier,
  number
>;

/** The tier a credential's number stands for; null for 0 (no credential) or an unknown number. */
export function investorTierOf(tier: number): InvestorTier | null {
  return tier === 1 ? "retail" : tier === 2 ? "professional" : null;
}

/** A verification's life: waiting for an admin, approved (credential written), rejected, or replaced by a later one. */
export const INVESTOR_VERIFICATION_STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
export type InvestorVerificationStatus = (typeof INVESTOR_VERIFICATION_STATUSES)[number];

/** Why a wallet may not invest now, the first that applies, in this order; null when it may. */
export const INVESTOR_BLOCKERS = [
  "unverified",
  "pending",
  "rejected",
  "expired",
  "frozen",
  "risk-statement",
] as const;
export type InvestorBlocker = (typeof INVESTOR_BLOCKERS)[number];

/** The admin's decisions on an investor, each kept in the review history. */
export const INVESTOR_REVIEW_ACTIONS = ["approve", "reject", "freeze", "unfreeze", "rebind"] as const;
export type InvestorReviewAction = (typeof INVESTOR_REVIEW_ACTIONS)[number];

/** FarmNFT's default `maxDailyFee`: hundredths of a basis point a day (670 = 0.067 % a day). */
export const DEFAULT_MAX_DAILY_FEE = 670;

/** The largest whole-term yield (basis points) the cap allows for a tenor: maxDailyFee x tenorDays / 100, rounded down as FarmNFT does. */
export function maxYieldBpsFor(maxDailyFee: number, tenorDays: number): number {
  return Math.floor((maxDailyFee * tenorDays) / 100);
}

/** Whether a whole-term yield is within the cap: FarmNFT refuses yieldBps x 100 > maxDailyFee x tenorDays. */
export function yieldWithinCap(yieldBps: number, tenorDays: number, maxDailyFee: number): boolean {
  return yieldBps * 100 <= maxDailyFee * tenorDays;
}

/** An invoice's daily rate in hundredths of a basis point (yieldBps x 100 / tenorDays, rounded down): the shop's "a day". */
export function dailyFeeOf(yieldBps: number, tenorDays: number): number {
  return Math.floor((yieldBps * 100) / tenorDays);
}

/** FarmNFT keeps a credential's limit in a uint96. */
const MAX_CREDENTIAL_LIMIT = (1n << 96n) - 1n;

/**
 * An investor's limit on outstanding principal in GOLD base units: the declared annual income (whole Rupiah) times
 * the tier's share (basis points), at `rupiahPerGold` whole Rupiah a GOLD, rounded down; at most a uint96.
 */
export function investorLimitOf(annualIncomeRupiah: bigint, limitBps: number, rupiahPerGold: bigint): bigint {
  const limit = (annualIncomeRupiah * BigInt(limitBps) * 10n ** 18n) / (10_000n * rupiahPerGold);
  return limit > MAX_CREDENTIAL_LIMIT ? MAX_CREDENTIAL_LIMIT : limit;
}
