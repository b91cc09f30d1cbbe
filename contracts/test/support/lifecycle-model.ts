import { daysLate, lateFee } from "@farm/core";
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
  /** The late fee its default fixed (0 before a default). */
  lateAtDefault: bigint;
}

/** The late fee owed at `at`: accruing by whole days past maturity while Funded, fixed by a default. */
export function lateOwed(invoice: LateFacts, at: bigint): bigint {
  if (invoice.status !== InvoiceStatus.Funded) return invoice.lateAtDefault;
  return lateFee(invoice.amount, invoice.yieldBps, invoice.tenorDays, daysLate(invoice.maturity, at));
}

/** The timestamp of the block `receipt`'s transaction was mined in (what the contract's late fee counted at). */
export async function minedAt(f: Farm, receipt: TransactionReceipt): Promise<bigint> {
  return (await f.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
}
