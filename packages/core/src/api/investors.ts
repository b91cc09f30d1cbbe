import { z } from "zod";
import {
  INVESTOR_BLOCKERS,
  INVESTOR_REVIEW_ACTIONS,
  INVESTOR_TIERS,
  INVESTOR_VERIFICATION_STATUSES,
} from "../investor-constants";
import {
  addressInputSchema,
  addressSchema,
  baseUnitsSchema,
  bytes32Schema,
  pageQuerySchema,
  plainTextSchema,
} from "./common";
import { ageInYears, nikSchema } from "./farmers";

export const investorTierSchema = z.enum(INVESTOR_TIERS);
export const investorVerificationStatusSchema = z.enum(INVESTOR_VERIFICATION_STATUSES);
export const investorBlockerSchema = z.enum(INVESTOR_BLOCKERS);
export const investorReviewActionSchema = z.enum(INVESTOR_REVIEW_ACTIONS);

/** Whole Rupiah as a decimal integer string, more than zero (a declared income; never a float). */
export const rupiahSchema = z
  .string()
  .regex(/^[1-9]\d{0,24}$/, "whole Rupiah: a decimal integer string above zero")
  .meta({ example: "180000000" });

/** The minimum age of an investor, at the server's date. */
export const INVESTOR_MIN_AGE = 18;

/**
 * The JSON of the multipart field `verification` in POST /api/investors/verification (with the file `ktp`). A
 * professional investor states why (20-500 characters); a retail one sends no reason. Every rule broken is a 422
 * `VERIFICATION_INVALID` naming the field in `details.issues[].path`.
 */
export const investorVerificationRequestSchema = z
  .object({
    fullName: plainTextSchema(2, 120),
    nik: nikSchema,
    dateOfBirth: z.iso.date().refine((value) => {
      const age = ageInYears(value);
      return age >= INVESTOR_MIN_AGE && age <= 120;
    }, "the investor must be at least 18 years old"),
    /** Declared annual income in whole Rupiah. */
    annualIncomeRupiah: rupiahSchema,
    tier: investorTierSchema,
    professionalReason: plainTextSchema(20, 500, { multiline: true }).optional(),
  })
  .superRefine((body, context) => {
    if (body.tier === "professional" && body.professionalReason === undefined)
      context.addIssue({
        code: "custom",
        path: ["professionalReason"],
        message: "a professional investor states why (20 to 500 characters)",
      });
  })
  .meta({ id: "InvestorVerificationRequest" });
export type InvestorVerificationRequest = z.infer<typeof investorVerificationRequestSchema>;

/** The answer to a verification sent: its id, pending an admin's review. */
export const investorVerificationCreatedSchema = z
  .object({ id: z.uuid(), status: z.literal("pending") })
  .meta({ id: "InvestorVerificationCreated" });

/** A wallet's latest verification as the wallet sees it (never its NIK). */
export const investorVerificationSchema = z
  .object({
    id: z.uuid(),
    status: investorVerificationStatusSchema,
    tier: investorTierSchema,
    annualIncomeRupiah: rupiahSchema,
    /** The admin's reason for a rejection (or the latest freeze); null otherwise. */
    reason: z.string().nullable(),
    submittedAt: z.iso.datetime(),
    reviewedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "InvestorVerification" });
export type InvestorVerification = z.infer<typeof investorVerificationSchema>;

/**
 * A wallet's credential as the index holds it from FarmNFT's events, judged at the chain's clock. Amounts are GOLD
 * base units; `outstanding` is the principal the wallet holds (its shares), `available` = max(limit - outstanding, 0).
 */
export const investorCredentialSchema = z
  .object({
    tier: investorTierSchema,
    validUntil: z.iso.datetime(),
    frozen: z.boolean(),
    expired: z.boolean(),
    limit: baseUnitsSchema,
    outstanding: baseUnitsSchema,
    available: baseUnitsSchema,
  })
  .meta({ id: "InvestorCredential" });
export type InvestorCredential = z.infer<typeof investorCredentialSchema>;

/** The risk statement's current version and this wallet's latest acceptance (null when none). */
export const riskStatementStateSchema = z
  .object({
    currentVersion: z.number().int().positive(),
    acceptedVersion: z.number().int().positive().nullable(),
    acceptedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "RiskStatementState" });
export type RiskStatementState = z.infer<typeof riskStatementStateSchema>;

/** GET /api/investors/me: may this wallet invest now, and if not, what stands in the way (the first that applies). */
export const investorStatusSchema = z
  .object({
    wallet: addressSchema,
    verification: investorVerificationSchema.nullable(),
    credential: investorCredentialSchema.nullable(),
    riskStatement: riskStatementStateSchema,
    canInvest: z.boolean(),
    blockedBy: investorBlockerSchema.nullable(),
    /** This deployment's limits, in basis points of the declared annual income per tier (INVESTOR_LIMIT_*_BPS):
     *  the verification form previews the limit with them. */
    limitBps: z.object({
      retail: z.number().int().min(1).max(10_000),
      professional: z.number().int().min(1).max(10_000),
    }),
  })
  .meta({ id: "InvestorStatus" });
export type InvestorStatus = z.infer<typeof investorStatusSchema>;

/** POST /api/investors/risk-acceptance: the version the investor read (must be the current one, else 422). */
export const riskAcceptanceRequestSchema = z
  .object({ version: z.number().int().positive() })
  .meta({ id: "RiskAcceptanceRequest" });

export const investorKtpSchema = z.object({
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: z.iso.datetime(),
});

/** A verification as the admins see it: identity in clear, the KTP's facts, the credential written and as indexed. */
export const adminInvestorVerificationSchema = z
  .object({
    id: z.uuid(),
    wallet: addressSchema,
    status: investorVerificationStatusSchema,
    fullName: z.string(),
    nik: z.string(),
    dateOfBirth: z.string(),
    annualIncomeRupiah: rupiahSchema,
    tier: investorTierSchema,
    professionalReason: z.string().nullable(),
    reason: z.string().nullable(),
    ktp: investorKtpSchema,
    submittedAt: z.iso.datetime(),
    reviewedAt: z.iso.datetime().nullable(),
    reviewedBy: addressSchema.nullable(),
    /** What approval wrote on chain (null before): the transaction, the validity and the limit in GOLD base units. */
    credentialTxHash: bytes32Schema.nullable(),
    validUntil: z.iso.datetime().nullable(),
    limit: baseUnitsSchema.nullable(),
    /** The wallet's credential now, from the index; null when it has none. */
    credential: investorCredentialSchema.nullable(),
  })
  .meta({ id: "AdminInvestorVerification" });
export type AdminInvestorVerification = z.infer<typeof adminInvestorVerificationSchema>;

/** The queue: pending first, oldest first (then the others, newest decision first). */
export const adminInvestorQuerySchema = pageQuerySchema.extend({
  status: investorVerificationStatusSchema.optional(),
});

export const adminInvestorPageSchema = z
  .object({ items: z.array(adminInvestorVerificationSchema), nextCursor: z.string().nullable() })
  .meta({ id: "AdminInvestorPage" });

export const investorIdParamsSchema = z.object({ id: z.uuid() });

export const rejectInvestorRequestSchema = z
  .object({ reason: plainTextSchema(3, 500) })
  .meta({ id: "RejectInvestor" });

/** Freeze (true) or unfreeze (false) the wallet's credential, with the reason the investor reads. */
export const freezeInvestorRequestSchema = z
  .object({ frozen: z.boolean(), reason: plainTextSchema(3, 500) })
  .meta({ id: "FreezeInvestor" });

/** Bind an approved verification to a new wallet (the old one lost): the old credential is revoked in the same step. */
export const rebindInvestorRequestSchema = z
  .object({ wallet: addressInputSchema })
  .meta({ id: "RebindInvestor" });

/** One admin decision on an investor verification, recorded once its transaction (if any) was mined. */
export const investorReviewSchema = z
  .object({
    verificationId: z.uuid(),
    wallet: addressSchema,
    adminAddress: addressSchema,
    action: investorReviewActionSchema,
    reason: z.string().nullable(),
    txHash: bytes32Schema.nullable(),
    decidedAt: z.iso.datetime(),
  })
  .meta({ id: "InvestorReview" });
export type InvestorReview = z.infer<typeof investorReviewSchema>;

export const investorReviewsQuerySchema = z.object({ wallet: addressInputSchema.optional() });

export const investorReviewsResponseSchema = z
  .object({ items: z.array(investorReviewSchema) })
  .meta({ id: "InvestorReviews" });

/**
 * GET /api/invoices/terms: what a submission must respect, read from the chain (the authority) and the backend's
 * rules: the daily fee cap in hundredths of a basis point (670 = 0.067 % a day; the whole-term yield may be at most
 * maxDailyFee x tenorDays / 100 basis points), and the smallest amount and fee the operator submits.
 */
export const invoiceTermsSchema = z
  .object({
    maxDailyFee: z.number().int().positive(),
    minTenorDays: z.number().int(),
    maxTenorDays: z.number().int(),
    minAmount: baseUnitsSchema,
    minFee: baseUnitsSchema,
  })
  .meta({ id: "InvoiceTerms" });
export type InvoiceTerms = z.infer<typeof invoiceTermsSchema>;
