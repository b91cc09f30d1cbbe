/** Invoice status names as the chain index stores them: the Solidity enum in lower case, in its order. */
export const INVOICE_STATUS_NAMES = [
  "pending",
  "approved",
  "rejected",
  "funded",
  "repaid",
  "cancelled",
  "defaulted",
  "settled",
] as const;

export type InvoiceStatusName = (typeof INVOICE_STATUS_NAMES)[number];
