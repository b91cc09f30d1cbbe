import { InvoiceStatus } from "../../src/invoice-status";

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
