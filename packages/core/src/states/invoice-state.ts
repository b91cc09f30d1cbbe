import type { InvoiceStatusName } from "../invoice-status";
import type { SqlTag } from "../sql-tag";
import { MS_PER_DAY } from "../time";

/**
 * Every state an invoice is told in, on every screen and in the API. The chain's eight statuses are not enough on
 * their own: an approved invoice past its funding deadline is no longer open (anyone may cancel it), and a funded one
 * past maturity is overdue; both follow from the chain's clock, never the browser's.
 */
export const INVOICE_STATES = [
  "pending",
  "rejected",
  "open",
  "expired",
  "cancelled",
  "funded",
  "overdue",
  "repaid",
  "defaulted",
  "settled",
] as const;
export type InvoiceStateName = (typeof INVOICE_STATES)[number];

/** What an invoice's state is derived from: the indexed (or freshly read) chain record. */
export interface InvoiceFacts {
  status: InvoiceStatusName;
  fundingDeadline: Date;
  maturity: Date | null;
  /** Fixed on chain at funding; null before. */
  graceDays: number | null;
  /**
   * Defaulted: from when the contract accepts settleDefault (the default plus the recovery window fixed then); null
   * or absent otherwise, and for defaults indexed before the window existed.
   */
  settleableAt?: Date | null;
}

/** The one thing the farmer can do in a state: repay while anything is due (recoveries after a default count too). */
export type FarmerInvoiceAction = "repay" | null;
/** The admin's one action in a state. */
export type AdminInvoiceAction = "review" | "markDefaulted" | "settleDefault" | null;

export interface InvoiceState {
  name: InvoiceStateName;
  farmerAction: FarmerInvoiceAction;
  adminAction: AdminInvoiceAction;
  /** When an overdue invoice may be marked defaulted (maturity + its grace); null in other states. */
  defaultableFrom: Date | null;
  /** When a defaulted invoice may be settled (its recovery window's end); null in other states. */
  settleableFrom: Date | null;
}

/** The end of an invoice's grace period: maturity plus the grace days fixed at funding. */
export function graceEnds(maturity: Date, graceDays: number): Date {
  return new Date(maturity.getTime() + graceDays * MS_PER_DAY);
}

/** graceEnds in SQL, for a timestamptz and a whole-days expression. */
export function graceEndsSql<S>(q: SqlTag<S>, maturity: S, graceDays: S): S {
  return q`${maturity} + make_interval(days => ${graceDays})`;
}

function nameOf(facts: InvoiceFacts, now: Date): InvoiceStateName {
  switch (facts.status) {
    case "approved":
      // FarmNFT takes investments while block time <= the deadline and closes the invoice only after it.
      return now > facts.fundingDeadline ? "expired" : "open";
    case "funded":
      return facts.maturity && now >= facts.maturity ? "overdue" : "funded";
    default:
      return facts.status;
  }
}

/** The invoice's state at `now` (the chain's clock) and the single action its farmer and the admin have in it. */
export function deriveInvoiceState(facts: InvoiceFacts, now: Date): InvoiceState {
  const name = nameOf(facts, now);
  const defaultableFrom =
    name === "overdue" && facts.maturity && facts.graceDays !== null
      ? graceEnds(facts.maturity, facts.graceDays)
      : null;
  const farmerAction: FarmerInvoiceAction =
    name === "funded" || name === "overdue" || name === "defaulted" ? "repay" : null;
  const settleableFrom = name === "defaulted" ? (facts.settleableAt ?? null) : null;
  let adminAction: AdminInvoiceAction = null;
  if (name === "pending") adminAction = "review";
  // Settlement waits for the recovery window, as settleDefault does (RecoveryWindowOpen).
  else if (name === "defaulted")
    adminAction = !settleableFrom || now >= settleableFrom ? "settleDefault" : null;
  else if (defaultableFrom && now >= defaultableFrom) adminAction = "markDefaulted";
  return { name, farmerAction, adminAction, defaultableFrom, settleableFrom };
}

/** The state as the API sends it. */
export function invoiceStateToJson(state: InvoiceState) {
  return {
    ...state,
    defaultableFrom: state.defaultableFrom?.toISOString() ?? null,
    settleableFrom: state.settleableFrom?.toISOString() ?? null,
  };
}
