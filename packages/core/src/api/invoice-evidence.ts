import { z } from "zod";
import { invoiceDecisionActionSchema } from "./admin-reviews";
import { bytes32Schema, tokenIdSchema } from "./common";
import { indonesianMobileSchema } from "./farmers";

/** Multipart file names of an invoice's evidence, also the `:kind` of its download route. */
export const invoiceDocumentKindSchema = z.enum(["invoice", "deliveryProof"]);
export type InvoiceDocumentKind = z.infer<typeof invoiceDocumentKindSchema>;

/**
 * Accepted types (checked from the bytes) and size limit of each evidence file: the invoice itself (required) and a
 * proof of delivery (delivery note, weighbridge ticket or photo; optional). Same rule shape as the KYC documents.
 */
export const invoiceDocumentRules = {
  invoice: { mimeTypes: ["application/pdf", "image/jpeg", "image/png"], maxBytes: 10 * 1024 * 1024 },
  deliveryProof: { mimeTypes: ["application/pdf", "image/jpeg", "image/png"], maxBytes: 10 * 1024 * 1024 },
} as const satisfies Record<InvoiceDocumentKind, { mimeTypes: readonly string[]; maxBytes: number }>;

const emailContact = z.email().max(200);
const internationalPhone = z
  .string()
  .transform((value) => value.replace(/[\s()-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/));

/**
 * How the buyer is reached: an e-mail address, an Indonesian mobile number (normalised to +62…) or any phone in
 * international form (+ and country code).
 */
export const buyerContactSchema = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .transform((value, ctx) => {
    for (const schema of [emailContact, indonesianMobileSchema, internationalPhone]) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
    }
    ctx.addIssue({ code: "custom", message: "an e-mail address or a phone number such as +6281234567890" });
    return z.NEVER;
  })
  .meta({ example: "finance@pangansejahtera.co.id" });

/**
 * What investors are told was checked, never the evidence itself: a document is on file and its SHA-256 is the
 * fingerprint committed on chain (not that its content is true); a delivery document is on file; the buyer confirmed
 * through the link the platform e-mailed to an address at `buyerConfirmedEmailDomain` (when, and whether that domain is
 * a free-mail provider's).
 */
export const invoiceEvidenceBadgesSchema = z
  .object({
    invoiceVerified: z.boolean(),
    deliveryProven: z.boolean(),
    buyerConfirmedAt: z.iso.datetime().nullable(),
    /** The domain of the address the confirmed link was e-mailed to; null without one (or from before e-mail). */
    buyerConfirmedEmailDomain: z.string().nullable(),
    buyerConfirmedFreeMail: z.boolean(),
  })
  .meta({ id: "InvoiceEvidenceBadges" });
export type InvoiceEvidenceBadges = z.infer<typeof invoiceEvidenceBadgesSchema>;

/** A stored evidence file as the farmer and admins see it listed. */
export const invoiceDocumentSchema = z
  .object({
    kind: invoiceDocumentKindSchema,
    contentType: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    uploadedAt: z.iso.datetime(),
  })
  .meta({ id: "InvoiceDocument" });
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const buyerDecisionSchema = z.enum(["confirmed", "disputed"]);
export type BuyerDecision = z.infer<typeof buyerDecisionSchema>;

/** `link`: the buyer answered on the page; `wallet_signature`: with an EIP-712 signature anyone can verify. */
export const buyerDecisionMethodSchema = z.enum(["link", "wallet_signature"]);
export type BuyerDecisionMethod = z.infer<typeof buyerDecisionMethodSchema>;

/** The buyer's answer as recorded: what, when, how, and the signature when there is one. */
export const recordedBuyerDecisionSchema = z
  .object({
    decision: buyerDecisionSchema,
    method: buyerDecisionMethodSchema,
    decidedAt: z.iso.datetime(),
    /** The wallet that signed (checksummed), null without a signature. */
    signer: z.string().nullable(),
    signature: z.string().nullable(),
    /** The buyer's words with a dispute. */
    note: z.string().nullable(),
  })
  .meta({ id: "RecordedBuyerDecision" });
export type RecordedBuyerDecision = z.infer<typeof recordedBuyerDecisionSchema>;

/** none: no link yet; link_sent: a live link waits for the buyer; link_expired: the last link ran out unanswered. */
export const buyerConfirmationStatusSchema = z.enum([
  "none",
  "link_sent",
  "link_expired",
  "confirmed",
  "disputed",
]);
export type BuyerConfirmationStatus = z.infer<typeof buyerConfirmationStatusSchema>;

/** An admin's recorded decision on an invoice: recorded from its mined transaction (null on rows from before). */
export const invoiceReviewSchema = z
  .object({
    adminAddress: z.string(),
    action: invoiceDecisionActionSchema,
    reason: z.string().nullable(),
    /** The buyer's status when the admin decided. */
    buyerStatus: buyerConfirmationStatusSchema,
    txHash: bytes32Schema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "InvoiceReview" });

/** GET /api/invoices/:tokenId/evidence: everything behind an invoice, for its farmer and admins only. */
export const invoiceEvidenceSchema = z
  .object({
    tokenId: z.string(),
    buyer: z.object({ name: z.string(), contact: z.string().nullable() }),
    documents: z.array(invoiceDocumentSchema),
    /** The SHA-256 committed on chain with the invoice (0x-prefixed), null until the index has the submission. */
    documentHashOnChain: z.string().nullable(),
    /** Admins only (empty for the farmer): other farmers' invoices (token ids) whose document has the same SHA-256. */
    documentAlsoOn: z.array(z.string()),
    /**
     * The same farmer's earlier submissions of this invoice (number and buyer) that ended unfunded (rejected or
     * cancelled), token ids oldest first: this one is a resubmission of them.
     */
    resubmissionOf: z.array(z.string()),
    /**
     * Admins only (false for the farmer): the buyer's e-mail domain is the farmer's registered e-mail's, and not a
     * free-mail provider's; a buyer at the farmer's own company may be the farmer.
     */
    buyerDomainIsFarmers: z.boolean(),
    confirmation: z.object({
      status: buyerConfirmationStatusSchema,
      /** email: links go to the buyer's address; none: the contact is a phone number (no text-message channel). */
      channel: z.enum(["email", "none"]),
      /** The buyer's address masked, where links are sent; null for a phone number. */
      sentTo: z.string().nullable(),
      /** True when that address is at a free-mail provider (a weaker confirmation). */
      freeMail: z.boolean(),
      linkExpiresAt: z.iso.datetime().nullable(),
      decision: recordedBuyerDecisionSchema.nullable(),
    }),
    reviews: z.array(invoiceReviewSchema),
  })
  .meta({ id: "InvoiceEvidence" });
export type InvoiceEvidence = z.infer<typeof invoiceEvidenceSchema>;

export const invoiceDocumentParamsSchema = z.object({
  tokenId: tokenIdSchema,
  kind: invoiceDocumentKindSchema,
});

const decisionReason = z.string().trim().min(3).max(500);

/**
 * An approval the admin's wallet sent and the chain mined: its transaction hash, and a note, required unless the
 * buyer confirmed the invoice.
 */
export const invoiceApprovalRequestSchema = z
  .object({ txHash: bytes32Schema, reason: decisionReason.optional() })
  .meta({ id: "InvoiceApprovalRequest" });
export type InvoiceApprovalRequest = z.infer<typeof invoiceApprovalRequestSchema>;

/**
 * A rejection, default or settlement the admin's wallet sent and the chain mined, with its reason (a rejection's is
 * the one sent on chain, which the farmer reads); the audit table keeps who gave it.
 */
export const invoiceReasonedDecisionRequestSchema = z
  .object({ txHash: bytes32Schema, reason: decisionReason })
  .meta({ id: "InvoiceReasonedDecisionRequest" });
export type InvoiceReasonedDecisionRequest = z.infer<typeof invoiceReasonedDecisionRequestSchema>;
