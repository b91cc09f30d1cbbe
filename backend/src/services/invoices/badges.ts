import type { InvoiceEvidenceBadges } from "@farm/core";

/** What the badges are made of, read by the invoice list and the crop list alike; never answered as such. */
export interface BadgeFacts {
  /** Hex SHA-256 of the stored invoice document. */
  invoiceDocumentSha: string | null;
  /** The documentHash committed on chain (0x-prefixed). */
  documentHash: string | null;
  deliveryProven: boolean;
  buyerDecision: string | null;
  buyerDecidedAt: Date | string | null;
}

/**
 * Investors' badges: the invoice is verified when the stored document's SHA-256 is the one committed on chain; delivery
 * is proven when a delivery proof is on file; the buyer confirmed through a link (when).
 */
export function evidenceBadges(facts: BadgeFacts): InvoiceEvidenceBadges {
  return {
    invoiceVerified:
      facts.invoiceDocumentSha !== null &&
      facts.documentHash !== null &&
      facts.documentHash.toLowerCase() === `0x${facts.invoiceDocumentSha}`,
    deliveryProven: Boolean(facts.deliveryProven),
    buyerConfirmedAt:
      facts.buyerDecision === "confirmed" && facts.buyerDecidedAt
        ? new Date(facts.buyerDecidedAt).toISOString()
        : null,
  };
}
