import type { InvoiceStatusName } from "@farm/core";
import type { Address, Hex } from "viem";
import type { ChainEvent } from "./events";

/** An invoice's on-chain state as its FarmNFT events tell it (one `chain_invoices` row). */
export interface InvoiceState {
  tokenId: bigint;
  farmer: Address;
  amount: bigint;
  funded: bigint;
  repaid: bigint;
  yieldBps: number;
  tenorDays: number;
  fundingDeadline: Date;
  fundedAt: Date | null;
  maturity: Date | null;
  status: InvoiceStatusName;
  referenceHash: Hex;
  /** SHA-256 of the invoice document the submission committed to; null for events from before evidence. */
  documentHash: Hex | null;
  recovered: bigint;
  recoveredFee: bigint;
  graceDays: number | null;
  rejectionReason: string | null;
  /** Defaulted or settled: from when settleDefault is accepted; null before, and for defaults from before the window. */
  settleableAt: Date | null;
  /** The reason an admin gave when withdrawing the invoice (InvoiceWithdrawn); null otherwise. */
  withdrawalReason: string | null;
  submittedBlock: number;
  updatedBlock: number;
  updatedLogIndex: number;
}

const INVOICE_EVENTS = [
  "InvoiceSubmitted",
  "InvoiceApproved",
  "InvoiceRejected",
  "Invested",
  "InvoiceFunded",
  "Repaid",
  "InvoiceCancelled",
  "InvoiceWithdrawn",
  "InvoiceDefaulted",
  "DefaultSettled",
] as const;
const invoiceEventNames: ReadonlySet<string> = new Set(INVOICE_EVENTS);

/** A FarmNFT event that changes a `chain_invoices` row. */
export type InvoiceEvent = Extract<
  ChainEvent,
  { contract: "farmNft"; eventName: (typeof INVOICE_EVENTS)[number] }
>;

/** Whether the event changes a `chain_invoices` row. */
export function changesInvoice(event: ChainEvent): event is InvoiceEvent {
  return event.contract === "farmNft" && invoiceEventNames.has(event.eventName);
}

function isAtOrBefore(event: InvoiceEvent, state: InvoiceState): boolean {
  return (
    event.blockNumber < state.updatedBlock ||
    (event.blockNumber === state.updatedBlock && event.logIndex <= state.updatedLogIndex)
  );
}

const fromUnixSeconds = (seconds: bigint | number) => new Date(Number(seconds) * 1000);

/**
 * Applies one FarmNFT event to an invoice's state: a pure fold, so the same events always give the same row, whether
 * applied live, replayed after a reorg, or caught up after a restart.
 */
export function applyInvoiceEvent(
  state: InvoiceState | undefined,
  event: InvoiceEvent,
): InvoiceState | undefined {
  if (event.eventName === "InvoiceSubmitted") {
    const { args } = event;
    if (state && isAtOrBefore(event, state)) return state;
    return {
      tokenId: args.tokenId,
      farmer: args.farmer,
      amount: args.amount,
      funded: 0n,
      repaid: 0n,
      yieldBps: args.yieldBps,
      tenorDays: args.tenorDays,
      fundingDeadline: fromUnixSeconds(args.fundingDeadline),
      fundedAt: null,
      maturity: null,
      status: "pending",
      referenceHash: args.referenceHash,
      // Events stored before the evidence hash existed have none.
      documentHash: typeof args.documentHash === "string" ? args.documentHash : null,
      recovered: 0n,
      recoveredFee: 0n,
      graceDays: null,
      rejectionReason: null,
      settleableAt: null,
      withdrawalReason: null,
      submittedBlock: event.blockNumber,
      updatedBlock: event.blockNumber,
      updatedLogIndex: event.logIndex,
    };
  }
  // An event for an invoice whose submission the index never saw cannot be folded; the caller reports it.
  if (!state) return undefined;
  // Already folded in (the crop sync may record a block before the indexer reaches it, or after).
  if (isAtOrBefore(event, state)) return state;
  const next: InvoiceState = { ...state, updatedBlock: event.blockNumber, updatedLogIndex: event.logIndex };
  switch (event.eventName) {
    case "InvoiceApproved":
      next.status = "approved";
      break;
    case "InvoiceRejected":
      next.status = "rejected";
      next.rejectionReason = event.args.reason;
      break;
    case "Invested":
      next.funded = event.args.totalFunded;
      break;
    case "InvoiceFunded":
      next.status = "funded";
      next.funded = event.args.principal;
      next.fundedAt = fromUnixSeconds(event.args.fundedAt);
      next.maturity = fromUnixSeconds(event.args.maturity);
      next.graceDays = event.args.graceDays;
      break;
    case "Repaid":
      next.repaid = event.args.totalRepaid;
      // After a default, payments are recoveries: the invoice stays defaulted.
      if (event.args.fullyRepaid && next.status === "funded") next.status = "repaid";
      break;
    case "InvoiceCancelled":
      next.status = "cancelled";
      break;
    case "InvoiceWithdrawn":
      // Emitted after InvoiceCancelled in the same transaction: cancelled on chain, holders refund.
      next.status = "cancelled";
      next.withdrawalReason = event.args.reason;
      break;
    case "InvoiceDefaulted":
      next.status = "defaulted";
      // Events stored before the recovery window existed have none.
      next.settleableAt =
        typeof event.args.settleableAt === "bigint" ? fromUnixSeconds(event.args.settleableAt) : null;
      break;
    case "DefaultSettled":
      next.status = "settled";
      next.recovered = event.args.recovered;
      next.recoveredFee = event.args.recoveredFee;
      break;
  }
  return next;
}
