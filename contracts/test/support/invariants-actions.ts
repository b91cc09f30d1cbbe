import { ONE_GOLD } from "@farm/core";
import fc from "fast-check";
import { DAY } from "./farm";

// The actions of the random lifecycle sequences (invariants.property.test.ts) and the hand-written run down every
// path of the diagram.
export const GRACE_DAYS = 7;
export const GRACE = BigInt(GRACE_DAYS) * DAY;
export const MIN_INVESTMENT = ONE_GOLD;
/** Recovery window after a default before it may be settled, set by the property test (the shortest allowed). */
export const RECOVERY_DAYS = 7;
export const RECOVERY = BigInt(RECOVERY_DAYS) * DAY;

export type Action =
  | { kind: "submit"; amount: bigint; yieldBps: number; tenorDays: number; fundingDays: number }
  | {
      kind: "approve" | "reject" | "cancelExpired" | "markDefaulted" | "settleDefault";
      invoice: number;
      wild: boolean;
    }
  | { kind: "invest"; investor: number; invoice: number; per10k: number; wild: boolean }
  | { kind: "repay"; invoice: number; per10k: number; byStranger: boolean; wild: boolean }
  | { kind: "harvest" | "refund"; holder: number; invoice: number; wild: boolean }
  | { kind: "transfer"; from: number; to: number; invoice: number; per10k: number; wild: boolean }
  | { kind: "advance"; hours: number };

const index = fc.nat({ max: 20 });
// Most actions target an invoice in a state where they apply, so sequences reach deep into the lifecycle; the
// "wild" ones target any invoice and check that the contract refuses what the model refuses.
const wild = fc.oneof(
  { weight: 6, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
);
const portion = (max: number) => fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max }));
/** Term yield from a daily fee within the cap (decision 0050: at most 670 hundredths of a bps a day). */
export const dailyFee = fc.integer({ min: 0, max: 670 });
export const termYield = (fee: number, tenorDays: number) => Math.floor((fee * tenorDays) / 100);
export const submit = fc
  .record({
    amount: fc.bigInt({ min: 1n, max: 5_000n * ONE_GOLD }),
    dailyFee,
    tenorDays: fc.integer({ min: 7, max: 30 }),
    fundingDays: fc.integer({ min: 3, max: 20 }),
  })
  .map(({ dailyFee: fee, ...terms }) => ({
    kind: "submit" as const,
    ...terms,
    yieldBps: termYield(fee, terms.tenorDays),
  }));
export const partialInvestment = fc.record({
  kind: fc.constant("invest" as const),
  investor: fc.nat({ max: 3 }),
  invoice: index,
  per10k: fc.integer({ min: 1, max: 9_999 }),
  wild: fc.constant(false),
});
export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: submit },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "approve" as const,
        "approve" as const,
        "reject" as const,
        "cancelExpired" as const,
        "cancelExpired" as const,
        "markDefaulted" as const,
        "settleDefault" as const,
      ),
      invoice: index,
      wild,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("invest" as const),
      investor: fc.nat({ max: 3 }),
      invoice: index,
      per10k: portion(11_000),
      wild,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("repay" as const),
      invoice: index,
      per10k: portion(12_000),
      byStranger: fc.boolean(),
      wild,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("harvest" as const, "refund" as const),
      holder: fc.nat({ max: 4 }),
      invoice: index,
      wild,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("transfer" as const),
      from: fc.nat({ max: 4 }),
      to: fc.nat({ max: 4 }),
      invoice: index,
      per10k: fc.integer({ min: 1, max: 10_000 }),
      wild,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      hours: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 72 }) },
        fc.integer({ min: 72, max: 24 * 40 }),
      ),
    }),
  },
);

/** A hand-written run taking invoices down every path of the diagram, run before the random ones. */
const invoiceTerms = {
  kind: "submit",
  amount: 1_000n * ONE_GOLD + 7n,
  // The most the fee cap allows over 7 days (0.067 % a day).
  yieldBps: 46,
  tenorDays: 7,
  fundingDays: 3,
} as const;
export const everyPath: [Action[], Action[], Action[]] = [
  [invoiceTerms, invoiceTerms, invoiceTerms],
  [
    { kind: "invest", investor: 0, invoice: 0, per10k: 5_000, wild: false },
    { kind: "invest", investor: 1, invoice: 1, per10k: 5_000, wild: false },
  ],
  [
    { kind: "invest", investor: 2, invoice: 1, per10k: 10_000, wild: false },
    { kind: "invest", investor: 3, invoice: 1, per10k: 10_000, wild: false },
    { kind: "advance", hours: 96 },
    { kind: "cancelExpired", invoice: 0, wild: false },
    { kind: "refund", holder: 0, invoice: 0, wild: false },
    { kind: "repay", invoice: 0, per10k: 10_000, byStranger: false, wild: false },
    { kind: "transfer", from: 1, to: 4, invoice: 0, per10k: 5_000, wild: false },
    { kind: "advance", hours: 24 * 13 },
    { kind: "harvest", holder: 1, invoice: 0, wild: false },
    { kind: "harvest", holder: 2, invoice: 0, wild: false },
    { kind: "harvest", holder: 4, invoice: 0, wild: false },
    { kind: "harvest", holder: 4, invoice: 0, wild: true },
    { kind: "markDefaulted", invoice: 0, wild: false },
    { kind: "repay", invoice: 0, per10k: 3_000, byStranger: true, wild: false },
    { kind: "settleDefault", invoice: 0, wild: false },
    { kind: "advance", hours: 24 * 8 },
    { kind: "repay", invoice: 0, per10k: 2_000, byStranger: true, wild: false },
    { kind: "settleDefault", invoice: 0, wild: false },
    { kind: "harvest", holder: 3, invoice: 0, wild: false },
  ],
];
