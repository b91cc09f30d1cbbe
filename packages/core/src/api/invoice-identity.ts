/**
 * What makes two invoices the same invoice, whatever the typing: the number without punctuation, spacing or case
 * ("DUP-1", "dup 1", "DUP.1" are one), and the buyer's name without punctuation, spacing, case or its legal form
 * ("PT Dup", "PT. Dup", "pt  dup", "Dup, PT" are one).
 */

/** Indonesian legal forms that may be written before or after a company's name, with or without dots. */
export const BUYER_LEGAL_FORMS = ["pt", "cv", "ud", "pd", "fa", "tbk", "persero"] as const;
const legalForms = new Set<string>(BUYER_LEGAL_FORMS);

const words = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter((word) => word !== "");

/** "DUP-1" and " dup 1 " both give "dup1". */
export function normaliseInvoiceNumber(invoiceNumber: string): string {
  return words(invoiceNumber).join("");
}

/** "PT. Dup" and "Dup, PT" both give "dup"; a name that is only a legal form keeps it. */
export function normaliseBuyerName(buyerName: string): string {
  // "P.T." reads as the letters p and t: joined back into the form they spell.
  const all = words(buyerName.replace(/\b([A-Za-z])\.(?=[A-Za-z]\.)/g, "$1"));
  const named = all.filter((word) => !legalForms.has(word));
  return (named.length > 0 ? named : all).join(" ");
}
