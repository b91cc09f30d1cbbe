import { z } from "zod";

/** The one error body of the whole API: a stable machine code, a sentence a person can act on, optional details. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]*$/)
        .meta({ example: "VALIDATION_FAILED" }),
      message: z.string(),
      details: z.unknown().optional(),
      /** The request's id (also in the X-Request-Id header): quote it to support, find it in the logs. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Every error code the API answers with, each naming the rule broken: the one catalogue. The backend's errors take
 * an `ApiErrorCode`, so a new code cannot go out without being listed here (and worded by the apps).
 */
export const API_ERROR_CODES = [
  // Any route
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "PORTAL_ONLY",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
  // Sign-in (EIP-4361)
  "SIWE_MESSAGE_INVALID",
  "SIWE_SIGNATURE_INVALID",
  "SIWE_NONCE_INVALID",
  "SIWE_DOMAIN_MISMATCH",
  "SIWE_CHAIN_MISMATCH",
  "SIWE_EXPIRED",
  "SIWE_NOT_YET_VALID",
  "SIWE_ISSUED_IN_FUTURE",
  "SIWE_ISSUED_BEFORE_NONCE",
  // Farmers
  "FARMER_ALREADY_REGISTERED",
  "FARMER_NOT_PENDING",
  "OWN_WALLET_DECISION",
  // Investors: verification, credential, risk statement
  "VERIFICATION_INVALID",
  "NIK_ALREADY_VERIFIED",
  "VERIFICATION_PENDING",
  "VERIFICATION_NOT_PENDING",
  "VERIFICATION_NOT_APPROVED",
  "WALLET_ALREADY_VERIFIED",
  "CREDENTIAL_EXPIRED",
  "RISK_STATEMENT_OUTDATED",
  // Invoices and their evidence
  "DUPLICATE_INVOICE",
  "DUPLICATE_DOCUMENT",
  "DUE_DATE_NOT_IN_FUTURE",
  "DUE_DATE_BEFORE_FUNDING_CLOSES",
  "DUE_DATE_TOO_FAR",
  "YIELD_ABOVE_CAP",
  "FEE_ABOVE_CAP",
  "TENOR_OUT_OF_RANGE",
  "AMOUNT_TOO_LARGE",
  "AMOUNT_TOO_SMALL",
  "FEE_TOO_SMALL",
  "TOO_MANY_PENDING_INVOICES",
  "CONTRACTS_PAUSED",
  "CHAIN_REFUSED",
  "IDEMPOTENCY_KEY_REUSED",
  "SUBMISSION_IN_PROGRESS",
  "TRANSACTION_PENDING",
  "TRANSACTION_REVERTED",
  "SIGNING_UNAVAILABLE",
  "INVOICE_NOT_PENDING",
  "APPROVAL_REASON_REQUIRED",
  "FUNDING_CLOSED",
  "DECISION_TX_MISMATCH",
  "DECISION_ALREADY_RECORDED",
  "LINK_EXPIRED",
  "LINK_ALREADY_USED",
  "LINK_REPLACED",
  "BUYER_ALREADY_ANSWERED",
  "INVALID_SIGNATURE",
  "BUYER_CONTACT_NOT_EMAIL",
  "SIGNER_NOT_BUYER",
  "BUYER_CONTACT_IS_FARMER",
  "BUYER_OPTED_OUT",
  "TOO_MANY_CONFIRMATION_LINKS",
  // The seed market
  "MARKET_OFF",
  "ORDER_SIGNATURE_INVALID",
  "ORDER_EXPIRED",
  "ORDER_EXPIRY_TOO_FAR",
  "ORDER_NONCE_USED",
  "PRICE_OUT_OF_RANGE",
  "NOT_TRADABLE",
  "INSUFFICIENT_SHARES",
  "MARKET_APPROVAL_MISSING",
  "BUYER_NOT_VERIFIED",
  "BUYER_LIMIT_EXCEEDED",
  "WALLET_FROZEN",
  "INSUFFICIENT_GOLD",
  "GOLD_ALLOWANCE_MISSING",
  "LISTINGS_EXCEED_SHARES",
  "OFFERS_EXCEED_FUNDS",
  "TOO_MANY_OPEN_ORDERS",
  // The game
  "NOT_YOUR_CROP",
  "NOT_AN_INVESTMENT",
  "CROP_NOT_WATERABLE",
  "ALREADY_WATERED_TODAY",
  "CROP_TOO_SMALL",
  "NOT_ENOUGH_WATER",
  "INVALID_XP_AMOUNT",
  "UNKNOWN_QUEST",
  "DISPLAY_NAME_TAKEN",
  // Neighbours: helping a neighbour, neighbourhoods
  "HELP_OWN_GARDEN",
  "HELPER_NOT_VERIFIED",
  "NEIGHBOUR_NOT_VERIFIED",
  "ALREADY_HELPED_TODAY",
  "HELP_LIMIT_REACHED",
  "ALREADY_IN_TEAM",
  "TEAM_FULL",
  "TEAM_NAME_TAKEN",
  "DECORATION_LOCKED",
  // Notifications
  "TOO_MANY_VERIFICATION_EMAILS",
  "VERIFICATION_LINK_EXPIRED",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Names for the codes every area answers with. */
export const errorCodes = {
  validationFailed: "VALIDATION_FAILED",
  malformedJson: "MALFORMED_JSON",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  serviceUnavailable: "SERVICE_UNAVAILABLE",
  internal: "INTERNAL_ERROR",
} as const satisfies Record<string, ApiErrorCode>;
