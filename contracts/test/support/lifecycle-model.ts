import { type LateFeeState, lateFeeAt } from "@farm/core";
import type { TransactionReceipt } from "viem";
import { InvoiceStatus } from "../../src/invoice-status";
import type { Farm } from "./farm";

/** Actions whose outcome hinges on a deadline closer than this to the chain clock are skipped (block times drift). */
export const TIME_MARGIN = 600n;

/** Whether `now` is too close to `moment` for a model to predict which side of it the next block lands on. */
export function near(now: bigint, moment: bigint): boolean {
  return now > moment - TIME_MARGIN && now < moment + TIME_MARGIN;
}

/** The invoice states in which each lifecycle action applies, for property tests that aim actions at them. */
export const appliesTo: Record<string, number[]> = {
  approve: [InvoiceStatus.Pending],
  reject: [InvoiceStatus.Pending],
  invest: [InvoiceStatus.Approved],
  cancelExpired: [InvoiceStatus.Approved],
  withdraw: [InvoiceStatus.Approved],
  repay: [InvoiceStatus.Funded, InvoiceStatus.Defaulted],
  markDefaulted: [InvoiceStatus.Funded],
  settleDefault: [InvoiceStatus.Defaulted],
  harvest: [InvoiceStatus.Repaid, InvoiceStatus.Settled],
  refund: [InvoiceStatus.Cancelled],
  transfer: [
    InvoiceStatus.Approved,
    InvoiceStatus.Funded,
    InvoiceStatus.Repaid,
    InvoiceStatus.Cancelled,
    InvoiceStatus.Defaulted,
    InvoiceStatus.Settled,
  ],
};

/** What a model invoice's late fee is figured from (decision 0057). */
export interface LateFacts {
  status: number;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  maturity: bigint;
  repaid: bigint;
  /** The late fee as FarmNFT stores it: accrued at the last repayment past maturity, or fixed by a default. */
  late: LateFeeState;
}

/** A model invoice's late fee before any accrual. */
export const NO_LATE_FEE: LateFeeState = { accrued: 0n, daysCounted: 0n };

/** The late fee owed at `at`: accruing by whole days past maturity on what is overdue while Funded, else fixed. */
export function lateOwed(invoice: LateFacts, at: bigint): bigint {
  if (invoice.status !== InvoiceStatus.Funded) return invoice.late.accrued;
  return lateFeeAt(invoice, invoice.repaid, invoice.late, at).accrued;
}

/** What FarmNFT stores at a repayment or a default mined at `at`: the late fee accrued to then (Funded only). */
export function accrueLate(invoice: LateFacts, at: bigint): bigint {
  if (invoice.status === InvoiceStatus.Funded)
    invoice.late = lateFeeAt(invoice, invoice.repaid, invoice.late, at);
  return invoice.late.accrued;
}

/** The timestamp of the block `receipt`'s transaction was mined in (what the contract's late fee counted at). */
export async function minedAt(f: Farm, receipt: TransactionReceipt): Promise<bigint> {
  return (await f.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
}
