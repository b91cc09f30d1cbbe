import { type CropStage, daysToMaturity, growthOf } from "../game/crop-stage";
import { type Payout, payoutOf, sharePayout } from "../game/payout";
import { deriveInvoiceState, graceEnds, type InvoiceFacts, type InvoiceStateName } from "./invoice-state";

/**
 * Every state a crop (a holder's position in an invoice) is told in. Each has at most one action, and an amount
 * whose meaning the state fixes: what the action pays now, what was paid, or what maturity pays if repaid.
 */
export const CROP_STATES = [
  "seed",
  "sprout",
  "growing",
  "wilting",
  "ripe",
  "harvested",
  "returned",
  "refunded",
  "withered",
] as const;
export type CropStateName = (typeof CROP_STATES)[number];

/** For a withered crop: the default not settled yet, its recovery claimable, or claimed. */
export const RECOVERY_STATES = ["awaiting", "claimable", "claimed"] as const;
export type RecoveryState = (typeof RECOVERY_STATES)[number];

/** harvest() for ripe crops and for claiming a settled default's recovery; refund() (after cancelExpired() when
 *  `closeFirst`) for returned ones. */
export type CropAction = "harvest" | "claimRecovery" | "refund";

/** atMaturity: what harvesting pays at maturity (if the farmer repays, unless already repaid); now: what the action pays now; paid: what the holder
 *  received; recoveredSoFar: the holder's share of what a default has recovered until now. */
export type CropAmountKind = "atMaturity" | "now" | "paid" | "recoveredSoFar";

/** Where a crop belongs on a list: still in the ground, waiting for its holder, or finished. */
export type CropGroup = "growing" | "attention" | "closed";

export interface CropPositionFacts extends InvoiceFacts {
  fundedAt: Date | null;
  /** Target principal, base units. */
  amount: bigint;
  /** Shares issued in total. */
  funded: bigint;
  /** Repaid in total (before and after a default). */
  repaid: bigint;
  yieldBps: number;
  /** Shares of the invoice harvested by anyone (FarmNFT's redeemedShares). */
  redeemedShares: bigint;
  /** Shares the holder owns now. */
  shares: bigint;
  /** Principal and yield the holder received from harvests of this invoice. */
  harvestedPrincipal: bigint;
  harvestedYield: bigint;
  /** Principal the holder received from refunds of this invoice. */
  refunded: bigint;
}

/** Principal, yield and their total, as every payout is told. */
export type CropAmount = Payout;

export interface CropState {
  name: CropStateName;
  /** The invoice's own state, told the same way as on the farmer's screens. */
  invoice: InvoiceStateName;
  /** Only for withered crops. */
  recovery: RecoveryState | null;
  action: CropAction | null;
  /** The refund must first close the funding that lapsed unfilled (cancelExpired). */
  closeFirst: boolean;
  amount: CropAmount;
  amountKind: CropAmountKind;
  group: CropGroup;
  /** Whole days until maturity (rounded up) while the term runs; null in every other state. */
  daysToHarvest: number | null;
  /** An overdue crop withers when this passes (maturity + grace); null otherwise. */
  withersAt: Date | null;
}

/** What the holder's shares pay out if harvested as a repaid invoice, or as a settled default. */
const payoutShare = (as: "settled" | "repaid", facts: CropPositionFacts): CropAmount =>
  sharePayout(as, { ...facts, redeemedBefore: facts.redeemedShares });

const settledShare = (facts: CropPositionFacts) => payoutShare("settled", facts);
const repaidShare = (facts: CropPositionFacts) => payoutShare("repaid", facts);

type Told = Omit<CropState, "invoice" | "group" | "daysToHarvest" | "withersAt" | "closeFirst" | "recovery"> &
  Partial<Pick<CropState, "closeFirst" | "recovery">>;

function groupOf(name: CropStateName, recovery: RecoveryState | null): CropGroup {
  if (name === "harvested" || name === "refunded" || recovery === "claimed") return "closed";
  if (name === "returned" || name === "withered") return "attention";
  return "growing";
}

/** Lost, for now: the default is (or may be) declared and the holders wait for what the settlement recovers. */
const awaitingRecovery = (facts: CropPositionFacts): Told => ({
  name: "withered",
  recovery: "awaiting",
  action: null,
  amount: settledShare(facts),
  amountKind: "recoveredSoFar",
});

function tell(facts: CropPositionFacts, invoice: InvoiceStateName, now: Date): Told {
  const holds = facts.shares > 0n;
  const paid = payoutOf(facts.harvestedPrincipal, facts.harvestedYield);
  if (!holds && facts.refunded > 0n) {
    return { name: "refunded", action: null, amount: payoutOf(facts.refunded, 0n), amountKind: "paid" };
  }
  switch (invoice) {
    case "pending":
    case "open":
      return { name: "seed", action: null, amount: repaidShare(facts), amountKind: "atMaturity" };
    case "expired":
    case "cancelled":
    case "rejected":
      return {
        name: "returned",
        action: holds ? "refund" : null,
        closeFirst: invoice === "expired",
        amount: payoutOf(facts.shares, 0n),
        amountKind: "now",
      };
    case "funded":
      return {
        name: growthName(facts, now),
        action: null,
        amount: repaidShare(facts),
        amountKind: "atMaturity",
      };
    case "overdue": {
      const lost =
        facts.graceDays !== null && facts.maturity && now >= graceEnds(facts.maturity, facts.graceDays);
      if (lost) return awaitingRecovery(facts);
      return { name: "wilting", action: null, amount: repaidShare(facts), amountKind: "atMaturity" };
    }
    case "repaid":
      if (!holds && paid.total > 0n)
        return { name: "harvested", action: null, amount: paid, amountKind: "paid" };
      if (facts.maturity && now >= facts.maturity) {
        return {
          name: "ripe",
          action: holds ? "harvest" : null,
          amount: repaidShare(facts),
          amountKind: "now",
        };
      }
      return {
        name: growthName(facts, now),
        action: null,
        amount: repaidShare(facts),
        amountKind: "atMaturity",
      };
    case "defaulted":
      return awaitingRecovery(facts);
    case "settled":
      if (!holds && paid.total > 0n) {
        return { name: "withered", recovery: "claimed", action: null, amount: paid, amountKind: "paid" };
      }
      return {
        name: "withered",
        recovery: "claimable",
        action: holds ? "claimRecovery" : null,
        amount: settledShare(facts),
        amountKind: "now",
      };
  }
}

const growthName = (facts: CropPositionFacts, now: Date) =>
  growthOf(facts.fundedAt, facts.maturity, now) ?? "sprout";

/**
 * The crop's state at `now` (the chain's clock): derived once, here, from the invoice's chain record and the
 * holder's position and history; the API sends it and every screen tells it from there.
 */
export function deriveCropState(facts: CropPositionFacts, now: Date): CropState {
  const invoice = deriveInvoiceState(facts, now);
  const told = tell(facts, invoice.name, now);
  const recovery = told.recovery ?? null;
  const running = told.name === "sprout" || told.name === "growing";
  // A running crop is before its maturity, so this is at least 1.
  const daysToHarvest = running ? daysToMaturity(facts.maturity, now) : null;
  return {
    ...told,
    invoice: invoice.name,
    recovery,
    closeFirst: told.closeFirst ?? false,
    group: groupOf(told.name, recovery),
    daysToHarvest,
    withersAt: told.name === "wilting" ? invoice.defaultableFrom : null,
  };
}

/** The picture a state is drawn with (the garden art keeps its eight stages). */
export function cropStageOf(state: Pick<CropState, "name">): CropStage {
  return state.name === "refunded" ? "returned" : state.name;
}

/**
 * The i18n key of a state's words: "cropState.<name>", withered split by where its recovery stands, and a sprout or
 * growing crop whose invoice is already repaid told as such (its payout is certain, only maturity is awaited).
 */
export function cropStateKey(state: Pick<CropState, "name" | "recovery" | "invoice">): string {
  if (state.name === "withered" && state.recovery) return `cropState.withered.${state.recovery}`;
  if ((state.name === "sprout" || state.name === "growing") && state.invoice === "repaid")
    return `cropState.${state.name}.repaid`;
  return `cropState.${state.name}`;
}

/** The state as the API sends it: amounts as decimal strings, dates as ISO strings. */
export function cropStateToJson(state: CropState) {
  return {
    ...state,
    amount: {
      principal: state.amount.principal.toString(),
      yield: state.amount.yield.toString(),
      total: state.amount.total.toString(),
    },
    withersAt: state.withersAt?.toISOString() ?? null,
  };
}
