import type { Address, Hex } from "viem";
import { z } from "zod";
import { addressInputSchema, bytes32Schema, tokenIdSchema } from "./common";
import { buyerDecisionSchema, recordedBuyerDecisionSchema } from "./invoice-evidence";
import { invoiceStatusSchema } from "./invoices";

/** How long a buyer's confirmation link stays open for a decision, unless the backend's CONFIRMATION_LINK_TTL_DAYS says. */
export const CONFIRMATION_LINK_TTL_DAYS = 7;

/** A link token: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export const confirmationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "not a confirmation link");
export const confirmationParamsSchema = z.object({ token: confirmationTokenSchema });

/**
 * POST /api/invoices/:tokenId/confirmation-link: the platform e-mailed a new link to the buyer's address. The farmer is
 * told where (masked) and until when, never the link itself.
 */
export const confirmationLinkSchema = z
  .object({
    /** The buyer's address, masked: "f*****e@pangansejahtera.co.id". */
    sentTo: z.string(),
    /** The address's domain, and whether it is a free-mail provider's (a weaker confirmation than a company's). */
    emailDomain: z.string(),
    freeMail: z.boolean(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "ConfirmationLink" });
export type ConfirmationLink = z.infer<typeof confirmationLinkSchema>;

/** What the buyer sees behind a link: the invoice, and the document only until a decision is recorded. */
export const confirmationViewSchema = z
  .object({
    tokenId: tokenIdSchema,
    invoiceNumber: z.string(),
    buyerName: z.string(),
    /** The farm that issued the invoice. */
    farmBusinessName: z.string().nullable(),
    amount: z.string(),
    dueDate: z.iso.date(),
    description: z.string(),
    /** The invoice's state on chain (from the index), null until indexed. */
    status: invoiceStatusSchema.nullable(),
    /** SHA-256 of the invoice document, 0x-prefixed: what a wallet signature commits to. */
    documentHash: bytes32Schema,
    /** The invoice document's type and size while it may be opened (an undecided, unexpired link). */
    document: z.object({ contentType: z.string(), sizeBytes: z.number().int() }).nullable(),
    expiresAt: z.iso.datetime(),
    expired: z.boolean(),
    decision: recordedBuyerDecisionSchema.nullable(),
    /** EIP-712 domain facts for an optional wallet signature; null without deployed contracts. */
    signing: z.object({ chainId: z.number().int(), verifyingContract: z.string() }).nullable(),
  })
  .meta({ id: "ConfirmationView" });
export type ConfirmationView = z.infer<typeof confirmationViewSchema>;

/** The buyer's answer: confirm or dispute, a note (required with a dispute), optionally signed with a wallet. */
export const confirmationDecisionRequestSchema = z
  .object({
    decision: buyerDecisionSchema,
    note: z.string().trim().max(1000).optional(),
    signature: z
      .object({
        signer: addressInputSchema,
        signature: z.string().regex(/^0x[0-9a-fA-F]+$/, "a 0x-prefixed hex signature"),
      })
      .optional(),
  })
  .refine((request) => request.decision !== "disputed" || (request.note?.length ?? 0) >= 3, {
    path: ["note"],
    message: "say what is wrong with the invoice (at least 3 characters)",
  })
  .meta({ id: "ConfirmationDecisionRequest" });
export type ConfirmationDecisionRequest = z.infer<typeof confirmationDecisionRequestSchema>;

/** EIP-712 type of a buyer's signed answer: it names the invoice, its amount, due date and exact document. */
export const buyerConfirmationTypes = {
  BuyerConfirmation: [
    { name: "tokenId", type: "uint256" },
    { name: "invoiceNumber", type: "string" },
    { name: "amount", type: "uint256" },
    { name: "dueDate", type: "string" },
    { name: "documentHash", type: "bytes32" },
    { name: "decision", type: "string" },
  ],
} as const;

export interface BuyerConfirmationFacts {
  chainId: number;
  farmNft: Address;
  tokenId: bigint;
  invoiceNumber: string;
  amount: bigint;
  dueDate: string;
  documentHash: Hex;
  decision: z.infer<typeof buyerDecisionSchema>;
}

/** The typed data a buyer's wallet signs and the backend verifies (domain: Farm, version 1, FarmNFT on the chain). */
export function buyerConfirmationTypedData(facts: BuyerConfirmationFacts) {
  return {
    domain: { name: "Farm", version: "1", chainId: facts.chainId, verifyingContract: facts.farmNft },
    types: buyerConfirmationTypes,
    primaryType: "BuyerConfirmation" as const,
    message: {
      tokenId: facts.tokenId,
      invoiceNumber: facts.invoiceNumber,
      amount: facts.amount,
      dueDate: facts.dueDate,
      documentHash: facts.documentHash,
      decision: facts.decision,
    },
  };
}

/** The typed data for a confirmation link's invoice and a decision, or null when no contracts are deployed to sign for. */
export function confirmationTypedData(view: ConfirmationView, decision: BuyerConfirmationFacts["decision"]) {
  if (!view.signing) return null;
  return buyerConfirmationTypedData({
    chainId: view.signing.chainId,
    farmNft: view.signing.verifyingContract as Address,
    tokenId: BigInt(view.tokenId),
    invoiceNumber: view.invoiceNumber,
    amount: BigInt(view.amount),
    dueDate: view.dueDate,
    documentHash: view.documentHash as Hex,
    decision,
  });
}
