import { type InvoiceEvidenceBadges, isFreeMailDomain } from "@farm/core";

/** What the badges are made of, read by the invoice list and the crop list alike; never answered as such. */
export interface BadgeFacts {
  /** Hex SHA-256 of the stored invoice document. */
  invoiceDocumentSha: string | null;
  /** The documentHash committed on chain (0x-prefixed). */
  documentHash: string | null;
  deliveryProven: boolean;
  buyerDecision: string | null;
  buyerDecidedAt: Date | string | null;
  buyerEmailDomain: string | null;
}

/**
 * Investors' badges: the invoice is verified when the stored document's SHA-256 is the one committed on chain; delivery
 * is proven when a delivery proof is on file; the buyer confirmed through a link e-mailed to an address at a domain
 * (when, and whether a free-mail provider's).
 */
export function evidenceBadges(facts: BadgeFacts): InvoiceEvidenceBadges {
  const confirmed = facts.buyerDecision === "confirmed" && Boolean(facts.buyerDecidedAt);
  return {
    invoiceVerified:
      facts.invoiceDocumentSha !== null &&
      facts.documentHash !== null &&
      facts.documentHash.toLowerCase() === `0x${facts.invoiceDocumentSha}`,
    deliveryProven: Boolean(facts.deliveryProven),
    buyerConfirmedAt: confirmed ? new Date(facts.buyerDecidedAt!).toISOString() : null,
    buyerConfirmedEmailDomain: confirmed ? facts.buyerEmailDomain : null,
    buyerConfirmedFreeMail:
      confirmed && facts.buyerEmailDomain !== null && isFreeMailDomain(facts.buyerEmailDomain),
  };
}
