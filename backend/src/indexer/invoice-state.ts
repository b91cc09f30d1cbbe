import type { InvoiceStatusName } from "@farm/core";
import type { Address, Hex } from "viem";
import { addressArg, type ChainEvent, uintArg } from "./events";

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
  submittedBlock: number;
  updatedBlock: number;
  updatedLogIndex: number;
}

const INVOICE_EVENTS = new Set([
  "InvoiceSubmitted",
  "InvoiceApproved",
  "InvoiceRejected",
  "Invested",
  "InvoiceFunded",
  "Repaid",
  "InvoiceCancelled",
  "InvoiceDefaulted",
  "DefaultSettled",
]);

/** Whether the event changes a `chain_invoices` row. */
export function changesInvoice(event: ChainEvent): boolean {
  return event.contract === "farmNft" && INVOICE_EVENTS.has(event.eventName);
}

function isAtOrBefore(event: ChainEvent, state: InvoiceState): boolean {
  return (
    event.blockNumber < state.updatedBlock ||
    (event.blockNumber === state.updatedBlock && event.logIndex <= state.updatedLogIndex)
  );
}

const fromUnixSeconds = (seconds: bigint) => new Date(Number(seconds) * 1000);

/**
 * Applies one FarmNFT event to an invoice's state: a pure fold, so the same events always give the same row, whether
 * applied live, replayed after a reorg, or caught up after a restart.
 */
export function applyInvoiceEvent(
  state: InvoiceState | undefined,
  event: ChainEvent,
): InvoiceState | undefined {
  if (event.eventName === "InvoiceSubmitted") {
    if (state && isAtOrBefore(event, state)) return state;
    return {
      tokenId: uintArg(event, "tokenId"),
      farmer: addressArg(event, "farmer"),
      amount: uintArg(event, "amount"),
      funded: 0n,
      repaid: 0n,
      yieldBps: Number(event.args.yieldBps),
      tenorDays: Number(event.args.tenorDays),
      fundingDeadline: fromUnixSeconds(uintArg(event, "fundingDeadline")),
      fundedAt: null,
      maturity: null,
      status: "pending",
      referenceHash: event.args.referenceHash as Hex,
      documentHash: typeof event.args.documentHash === "string" ? (event.args.documentHash as Hex) : null,
      recovered: 0n,
      recoveredFee: 0n,
      graceDays: null,
      rejectionReason: null,
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
      next.rejectionReason = typeof event.args.reason === "string" ? event.args.reason : null;
      break;
    case "Invested":
      next.funded = uintArg(event, "totalFunded");
      break;
    case "InvoiceFunded":
      next.status = "funded";
      next.funded = uintArg(event, "principal");
      next.fundedAt = fromUnixSeconds(uintArg(event, "fundedAt"));
      next.maturity = fromUnixSeconds(uintArg(event, "maturity"));
      next.graceDays = Number(event.args.graceDays);
      break;
    case "Repaid":
      next.repaid = uintArg(event, "totalRepaid");
      // After a default, payments are recoveries: the invoice stays defaulted.
      if (event.args.fullyRepaid === true && next.status === "funded") next.status = "repaid";
      break;
    case "InvoiceCancelled":
      next.status = "cancelled";
      break;
    case "InvoiceDefaulted":
      next.status = "defaulted";
      break;
    case "DefaultSettled":
      next.status = "settled";
      next.recovered = uintArg(event, "recovered");
      next.recoveredFee = uintArg(event, "recoveredFee");
      break;
  }
  return next;
}
