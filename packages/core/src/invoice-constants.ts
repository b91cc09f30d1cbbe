// Plain constants of invoices, kept apart from the zod schemas so that an app page that only needs them does not
// pull zod into its bundle (a module that is imported keeps its top-level schema calls).

/** The contract's MAX_INVOICE_AMOUNT: type(uint96).max base units. */
export const MAX_INVOICE_AMOUNT = (1n << 96n) - 1n;

/** The message of a date that must lie after today; forms recognise it to say exactly that. */
export const DATE_NOT_IN_FUTURE = "must be a date after today";

/**
 * The admin's irreversible decisions on an invoice, each one FarmNFT transaction: approveInvoice, rejectInvoice,
 * markDefaulted, settleDefault, withdrawInvoice.
 */
export const INVOICE_DECISION_ACTIONS = ["approve", "reject", "default", "settle", "withdraw"] as const;
export type InvoiceDecisionAction = (typeof INVOICE_DECISION_ACTIONS)[number];

/** The FarmNFT function that makes each decision. */
export const invoiceDecisionFunction = {
  approve: "approveInvoice",
  reject: "rejectInvoice",
  default: "markDefaulted",
  settle: "settleDefault",
  withdraw: "withdrawInvoice",
} as const satisfies Record<InvoiceDecisionAction, string>;

/** FarmNFT's tenor bounds in days (TenorOutOfRange outside them). */
export const MIN_TENOR_DAYS = 7;
export const MAX_TENOR_DAYS = 365;
