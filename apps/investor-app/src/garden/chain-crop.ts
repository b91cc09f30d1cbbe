import { invoiceStatusName } from "@farm/contracts/abi";
import {
  type Crop,
  type CropFacts,
  canHarvest,
  daysToMaturity,
  deriveCropStage,
  harvestPayout,
} from "@farm/core";

/** FarmNFT.getInvoice as viem decodes it (the fields this app reads). */
export interface ChainInvoice {
  amount: bigint;
  funded: bigint;
  repaid: bigint;
  yieldBps: number;
  fundingDeadline: bigint;
  fundedAt: bigint;
  maturity: bigint;
  status: number;
  redeemedShares: bigint;
  graceDays: number;
}

/** A crop with what only the chain knows yet: funding that expired unfilled must be closed before refunds. */
export type GardenCrop = Crop & { fundingExpired: boolean };

const fromSeconds = (seconds: bigint) => (seconds === 0n ? null : new Date(Number(seconds) * 1000));

/**
 * The crop as the chain sees it at the chain's own clock: the backend's view can lag behind the latest block (and,
 * on a test chain whose clock was moved, behind its time), and buttons that send transactions must match the chain.
 */
export function withChainState(
  crop: Crop,
  invoice: ChainInvoice,
  shares: bigint,
  chainNow: Date,
): GardenCrop {
  const status = invoiceStatusName(invoice.status);
  // Unfilled at its deadline: anyone may cancelExpired(), after which holders refund. Until then it is a seed no more.
  const fundingExpired =
    status === "approved" &&
    shares > 0n &&
    BigInt(Math.floor(chainNow.getTime() / 1000)) >= invoice.fundingDeadline;
  const fundedAt = fromSeconds(invoice.fundedAt);
  const maturity = fromSeconds(invoice.maturity);
  const facts: CropFacts = {
    status,
    fundedAt,
    maturity,
    shares,
    hasHarvested:
      crop.stage === "harvested" || (shares === 0n && (status === "repaid" || status === "settled")),
    graceDays: fundedAt ? invoice.graceDays : null,
  };
  const payout =
    status === "repaid" || status === "settled"
      ? harvestPayout({
          status,
          shares,
          redeemedBefore: invoice.redeemedShares,
          yieldBps: invoice.yieldBps,
          funded: invoice.funded,
          amount: invoice.amount,
          repaid: invoice.repaid,
        })
      : null;
  // A refund returns the principal only; the invoice's reserved yield went back to the vault at cancellation.
  const refundable = fundingExpired || status === "cancelled" || status === "rejected";
  return {
    ...crop,
    shares: shares.toString(),
    fundingExpired,
    stage: fundingExpired ? "returned" : deriveCropStage(facts, chainNow),
    canHarvest: canHarvest(facts, chainNow),
    daysToMaturity: daysToMaturity(maturity, chainNow),
    invoice: {
      ...crop.invoice,
      status,
      fundedAt: fundedAt?.toISOString() ?? null,
      maturity: maturity?.toISOString() ?? null,
    },
    expectedPayout: refundable
      ? { principal: shares.toString(), yield: "0", total: shares.toString() }
      : payout
        ? {
            principal: payout.principal.toString(),
            yield: payout.yield.toString(),
            total: (payout.principal + payout.yield).toString(),
          }
        : crop.expectedPayout,
  };
}
