import { DEFAULT_MAX_DAILY_FEE, maxYieldBpsFor, ONE_GOLD } from "@farm/core";
import fc from "fast-check";
import { type CredentialAction, credentialAction } from "./adversarial-credentials";
import { dailyFee, termYield } from "./invariants-actions";

// The actors and actions of the adversarial sequences (./adversarial.ts): a farmer with sybil addresses beside an
// honest farmer, honest investors and a buyer.
export const GRACE_DAYS = 7;
/** The shortest recovery window the admin may set: settlements are tried both inside and after it. */
export const RECOVERY_DAYS = 7;
export const MIN_INVESTMENT = ONE_GOLD;
/** The smallest reservation limit (1 % of the free reserve): large invoices within the fee cap still pass it. */
export const RESERVATION_LIMIT_BPS = 100;

/** Actor indices: the adversary cluster first. */
export const FARMER = 0;
export const SYBILS = [1, 2];
export const CLUSTER = new Set([FARMER, ...SYBILS]);
export const HONEST_FARMER = 5;
export const BUYER = 6;
export const ACTORS = 7;

export type Action =
  | {
      kind: "submit";
      byAdversary: boolean;
      amount: bigint;
      yieldBps: number;
      tenorDays: number;
      fundingDays: number;
    }
  | { kind: "approve" | "cancelExpired" | "markDefaulted" | "settleDefault"; invoice: number }
  | { kind: "withdraw"; invoice: number; reason: string }
  | { kind: "invest"; actor: number; invoice: number; per10k: number }
  | { kind: "repay"; payer: "farmer" | "buyer" | "sybil"; invoice: number; per10k: number }
  | { kind: "harvest" | "refund"; actor: number; invoice: number }
  | { kind: "transfer"; from: number; to: number; invoice: number; per10k: number }
  | { kind: "advance"; hours: number }
  | CredentialAction;

const invoiceIndex = fc.nat({ max: 12 });
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 50_000n * ONE_GOLD }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n * ONE_GOLD }) },
  // Large enough that its yield can pass the reservation limit of the free reserve.
  { weight: 1, arbitrary: fc.bigInt({ min: 500_000n * ONE_GOLD, max: 1_500_000n * ONE_GOLD }) },
);
export const submit = fc
  .record({
    byAdversary: fc.boolean(),
    amount,
    dailyFee,
    tenorDays: fc.integer({ min: 7, max: 30 }),
    fundingDays: fc.integer({ min: 2, max: 10 }),
  })
  .map(({ dailyFee: fee, ...terms }) => ({
    kind: "submit" as const,
    ...terms,
    yieldBps: termYield(fee, terms.tenorDays),
  }));
/** A farmer asking more than the fee cap allows (within the yield cap): the chain must refuse it with FeeAboveCap. */
export const submitAboveCap = fc
  .record({
    amount,
    tenorDays: fc.integer({ min: 7, max: 30 }),
    fundingDays: fc.integer({ min: 2, max: 10 }),
    over: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2_000 })),
  })
  .map(({ over, ...terms }) => ({
    kind: "submit" as const,
    byAdversary: true,
    ...terms,
    yieldBps: maxYieldBpsFor(DEFAULT_MAX_DAILY_FEE, terms.tenorDays) + over,
  }));
export const fundingInvestment = fc.record({
  kind: fc.constant("invest" as const),
  actor: fc.constantFrom(...SYBILS, 3, 4),
  invoice: fc.constant(0),
  per10k: fc.constant(10_000),
});
export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: credentialAction },
  { weight: 2, arbitrary: submit },
  { weight: 1, arbitrary: submitAboveCap },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "approve" as const,
        "approve" as const,
        "cancelExpired" as const,
        "markDefaulted" as const,
        "markDefaulted" as const,
        "settleDefault" as const,
        "settleDefault" as const,
      ),
      invoice: invoiceIndex,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("withdraw" as const),
      invoice: invoiceIndex,
      reason: fc.constantFrom("buyer disputed", "fraud found", "buyer disputed", ""),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("invest" as const),
      actor: fc.nat({ max: HONEST_FARMER }),
      invoice: invoiceIndex,
      per10k: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 12_000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("repay" as const),
      payer: fc.constantFrom("farmer" as const, "farmer" as const, "buyer" as const, "sybil" as const),
      invoice: invoiceIndex,
      per10k: fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 10_000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("harvest" as const, "refund" as const),
      actor: fc.nat({ max: HONEST_FARMER }),
      invoice: invoiceIndex,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("transfer" as const),
      from: fc.nat({ max: HONEST_FARMER }),
      to: fc.nat({ max: HONEST_FARMER }),
      invoice: invoiceIndex,
      per10k: fc.integer({ min: 1, max: 10_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      hours: fc.oneof(fc.integer({ min: 1, max: 96 }), fc.integer({ min: 24 * 14, max: 24 * 45 })),
    }),
  },
);

/**
 * A hand-written run before the random ones, so each outcome the suite requires happens in every run: a withdrawal
 * (refused without a reason) and its refund, and a default settled only after its recovery window, with recoveries
 * inside the window and on its last day reaching the holders.
 */
const exampleInvoice = {
  kind: "submit",
  byAdversary: true,
  amount: 1_000n * ONE_GOLD,
  yieldBps: 46,
  tenorDays: 7,
  fundingDays: 5,
} as const;
export const withdrawalAndLateRecovery: [Action[], Action[], Action[]] = [
  [exampleInvoice, { ...exampleInvoice, byAdversary: false }],
  [{ kind: "invest", actor: 3, invoice: 0, per10k: 10_000 }],
  [
    // A credential that runs out refuses the next investment; a frozen sender cannot move shares.
    { kind: "credential", actor: 4, op: "verify", limit: 10_000n * ONE_GOLD, validHours: 1 },
    { kind: "advance", hours: 2 },
    { kind: "invest", actor: 4, invoice: 0, per10k: 5_000 },
    { kind: "credential", actor: 4, op: "verify", limit: 30_000n * ONE_GOLD, validHours: 24 * 365 },
    { kind: "credential", actor: 3, op: "freeze", limit: 0n, validHours: 1 },
    { kind: "transfer", from: 3, to: 1, invoice: 0, per10k: 5_000 },
    { kind: "credential", actor: 3, op: "unfreeze", limit: 0n, validHours: 1 },
    { kind: "invest", actor: 4, invoice: 0, per10k: 5_000 },
    { kind: "withdraw", invoice: 0, reason: "" },
    { kind: "withdraw", invoice: 0, reason: "buyer disputed" },
    { kind: "refund", actor: 4, invoice: 0 },
    { kind: "repay", payer: "farmer", invoice: 0, per10k: 3_000 },
    { kind: "advance", hours: 24 * 15 },
    { kind: "markDefaulted", invoice: 0 },
    { kind: "settleDefault", invoice: 0 },
    { kind: "repay", payer: "buyer", invoice: 0, per10k: 5_000 },
    { kind: "advance", hours: 24 * RECOVERY_DAYS - 2 },
    { kind: "repay", payer: "sybil", invoice: 0, per10k: 2_000 },
    { kind: "advance", hours: 3 },
    { kind: "settleDefault", invoice: 0 },
    { kind: "harvest", actor: 3, invoice: 0 },
  ],
];
