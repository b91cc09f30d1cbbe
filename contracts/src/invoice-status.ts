import { INVOICE_STATUS_NAMES, type InvoiceStatusName } from "@farm/core/invoice-status";
/** FarmNFT.InvoiceStatus, the uint8 the contract stores and returns, by name. */
export const InvoiceStatus = {
  Pending: 0,
  Approved: 1,
  Rejected: 2,
  Funded: 3,
  Repaid: 4,
  Cancelled: 5,
  Defaulted: 6,
  Settled: 7,
} as const;

export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

/** Status names in lower case, indexed by the uint8 value (the chain index stores these): core's one list. */
export const invoiceStatusNames = INVOICE_STATUS_NAMES;
export type { InvoiceStatusName };

/** The lower-case name of a status value; throws on a value the contract never produces. */
export function invoiceStatusName(status: number): InvoiceStatusName {
  const name = invoiceStatusNames[status];
  if (name === undefined) throw new RangeError(`unknown invoice status ${status}`);
  return name;
}
