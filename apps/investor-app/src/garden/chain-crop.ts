import { type farmNftAbi, invoiceStatusName } from "@farm/contracts/abi";
import {
  type Crop,
  cropStageOf,
  cropStateToJson,
  daysToMaturity,
  deriveCropState,
  harvestPayout,
} from "@farm/core";
import type { ContractFunctionReturnType } from "viem";
import { growthShare } from "./art/plant-model";

/** FarmNFT.getInvoice as viem decodes it, derived from the ABI (so a changed struct fails the typecheck here). */
export type ChainInvoice = ContractFunctionReturnType<typeof farmNftAbi, "view", "getInvoice">;

/** A crop whose state may come from the chain's latest block rather than the index. */
export type GardenCrop = Crop;

const fromSeconds = (seconds: bigint) => (seconds === 0n ? null : new Date(Number(seconds) * 1000));

/**
 * What the holder received, counting a harvest or refund the chain shows but the index has not read yet: the
 * position the index still holds was redeemed whole, so it paid exactly what the contract's math says.
 */
function receivedWithUnindexed(crop: Crop, invoice: ChainInvoice, shares: bigint) {
  const indexed = {
    harvestedPrincipal: BigInt(crop.received.harvestedPrincipal),
    harvestedYield: BigInt(crop.received.harvestedYield),
    refunded: BigInt(crop.received.refunded),
  };
  const gone = BigInt(crop.shares) - shares;
  if (gone <= 0n) return indexed;
  const status = invoiceStatusName(invoice.status);
  if (status === "cancelled" || status === "rejected")
    return { ...indexed, refunded: indexed.refunded + gone };
  if (status !== "repaid" && status !== "settled") return indexed;
  const paid = harvestPayout({
    status,
    shares: gone,
    redeemedBefore: invoice.redeemedShares - gone,
    yieldBps: invoice.yieldBps,
    funded: invoice.funded,
    amount: invoice.amount,
    repaid: invoice.repaid,
  });
  return {
    ...indexed,
    harvestedPrincipal: indexed.harvestedPrincipal + paid.principal,
    harvestedYield: indexed.harvestedYield + paid.yield,
  };
}

/**
 * The crop as the chain sees it at the chain's own clock: the backend's view can lag behind the latest block (and,
 * on a test chain whose clock was moved, behind its time), and buttons that send transactions must match the chain.
 * The state comes from the same derivation the API uses (`deriveCropState`), only from fresher facts.
 */
export function withChainState(
  crop: Crop,
  invoice: ChainInvoice,
  shares: bigint,
  chainNow: Date,
): GardenCrop {
  const status = invoiceStatusName(invoice.status);
  const fundedAt = fromSeconds(invoice.fundedAt);
  const maturity = fromSeconds(invoice.maturity);
  const received = receivedWithUnindexed(crop, invoice, shares);
  const state = deriveCropState(
    {
      status,
      fundingDeadline: new Date(Number(invoice.fundingDeadline) * 1000),
      fundedAt,
      maturity,
      graceDays: fundedAt ? invoice.graceDays : null,
      amount: invoice.amount,
      funded: invoice.funded,
      repaid: invoice.repaid,
      yieldBps: invoice.yieldBps,
      redeemedShares: invoice.redeemedShares,
      shares,
      ...received,
    },
    chainNow,
  );
  const json = cropStateToJson(state);
  return {
    ...crop,
    shares: shares.toString(),
    received: {
      harvestedPrincipal: received.harvestedPrincipal.toString(),
      harvestedYield: received.harvestedYield.toString(),
      refunded: received.refunded.toString(),
    },
    state: json,
    stage: cropStageOf(state),
    canHarvest: state.action === "harvest" || state.action === "claimRecovery",
    progress: growthShare(fundedAt, maturity, chainNow),
    daysToMaturity: daysToMaturity(maturity, chainNow),
    invoice: {
      ...crop.invoice,
      status,
      fundedAt: fundedAt?.toISOString() ?? null,
      maturity: maturity?.toISOString() ?? null,
    },
    expectedPayout: json.amount,
  };
}
