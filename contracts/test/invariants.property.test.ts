import { financingFee, harvestPayout, ONE_GOLD, splitRepayment } from "@farm/core";
import fc from "fast-check";
import {
  type Address,
  keccak256,
  maxUint256,
  parseEventLogs,
  sha256,
  type TransactionReceipt,
  toHex,
} from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, type Farm, useFarm, type Wallet } from "./support/farm";
import { appliesTo, near } from "./support/lifecycle-model";
import { outcomeOf } from "./support/revert";

// Random sequences of lifecycle actions by several investors, checked against a model of the contracts and,
// after every step, against the three invariants of the issue.
const farm = useFarm();

const GRACE_DAYS = 7;
const GRACE = BigInt(GRACE_DAYS) * DAY;
const MIN_INVESTMENT = ONE_GOLD;

type Action =
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
const submit = fc.record({
  kind: fc.constant("submit" as const),
  amount: fc.bigInt({ min: 1n, max: 5_000n * ONE_GOLD }),
  yieldBps: fc.integer({ min: 0, max: 3000 }),
  tenorDays: fc.integer({ min: 7, max: 30 }),
  fundingDays: fc.integer({ min: 3, max: 20 }),
});
const partialInvestment = fc.record({
  kind: fc.constant("invest" as const),
  investor: fc.nat({ max: 3 }),
  invoice: index,
  per10k: fc.integer({ min: 1, max: 9_999 }),
  wild: fc.constant(false),
});
const action: fc.Arbitrary<Action> = fc.oneof(
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
  yieldBps: 1111,
  tenorDays: 7,
  fundingDays: 3,
} as const;
const everyPath: [Action[], Action[], Action[]] = [
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
    { kind: "harvest", holder: 3, invoice: 0, wild: false },
  ],
];

interface ModelInvoice {
  id: bigint;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  deadline: bigint;
  status: number;
  funded: bigint;
  repaid: bigint;
  redeemed: bigint;
  maturity: bigint;
}

class Model {
  invoices: ModelInvoice[] = [];
  shares = new Map<string, bigint>();
  reserved = 0n;
  constructor(readonly holders: Address[]) {}
  sharesOf(id: bigint, holder: Address) {
    return this.shares.get(`${id}:${holder}`) ?? 0n;
  }
  addShares(id: bigint, holder: Address, delta: bigint) {
    this.shares.set(`${id}:${holder}`, this.sharesOf(id, holder) + delta);
  }
}

function invested(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" })[0]?.args;
}
function funded(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceFunded" })[0]?.args;
}
function repaid(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Repaid" })[0]?.args;
}
function harvested(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" })[0]?.args;
}
function refunded(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Refunded" })[0]?.args;
}

/** Whether `act` is one the invoice's state allows (the non-wild actions only pick such invoices). */
function targets(act: Action, invoice: ModelInvoice, model: Model, holders: Wallet[]): boolean {
  if (act.kind === "transfer") {
    return model.sharesOf(invoice.id, (holders[act.from] as Wallet).account.address) > 0n;
  }
  if (act.kind === "harvest" || act.kind === "refund") {
    const holds = model.sharesOf(invoice.id, (holders[act.holder] as Wallet).account.address) > 0n;
    if (!holds) return false;
  }
  return appliesTo[act.kind]?.includes(invoice.status) ?? false;
}

/** Runs one action on chain and in the model; asserts the chain did what the model predicts. */
async function step(
  f: Farm,
  model: Model,
  holders: Wallet[],
  act: Action,
  references: { next: number },
): Promise<string> {
  const now = await f.now();
  const admin = f.as(f.admin).nft;
  if (act.kind === "advance") {
    await f.advance(BigInt(act.hours) * 3_600n);
    return "ok";
  }
  if (act.kind === "submit") {
    references.next += 1;
    const deadline = now + BigInt(act.fundingDays) * DAY;
    const receipt = await f.mined(
      f
        .as(f.operator)
        .nft.write.submitInvoice([
          f.farmer.account.address,
          act.amount,
          act.yieldBps,
          act.tenorDays,
          deadline,
          keccak256(toHex(`property-${references.next}`)),
          sha256(toHex(`property-document-${references.next}`)),
        ]),
    );
    const [submitted] = parseEventLogs({
      abi: farmNftAbi,
      logs: receipt.logs,
      eventName: "InvoiceSubmitted",
    });
    model.invoices.push({
      id: submitted?.args.tokenId ?? 0n,
      amount: act.amount,
      yieldBps: act.yieldBps,
      tenorDays: act.tenorDays,
      deadline,
      status: InvoiceStatus.Pending,
      funded: 0n,
      repaid: 0n,
      redeemed: 0n,
      maturity: 0n,
    });
    return "ok";
  }
  const pool = act.wild ? model.invoices : model.invoices.filter((i) => targets(act, i, model, holders));
  const invoice = pool[act.invoice % Math.max(pool.length, 1)];
  if (!invoice) return "skipped";
  const { id } = invoice;
  let expected = "ok";
  let outcome: string;

  switch (act.kind) {
    case "approve": {
      if (invoice.status !== InvoiceStatus.Pending) expected = "InvoiceNotPending";
      else if (near(now, invoice.deadline)) return "skipped";
      else if (now > invoice.deadline) expected = "FundingDeadlinePassed";
      outcome = await outcomeOf(f.mined(admin.write.approveInvoice([id])));
      if (outcome === "ok") {
        invoice.status = InvoiceStatus.Approved;
        model.reserved += financingFee(invoice.amount, invoice.yieldBps);
      }
      break;
    }
    case "reject": {
      if (invoice.status !== InvoiceStatus.Pending) expected = "InvoiceNotPending";
      outcome = await outcomeOf(f.mined(admin.write.rejectInvoice([id, "property test"])));
      if (outcome === "ok") invoice.status = InvoiceStatus.Rejected;
      break;
    }
    case "cancelExpired": {
      if (invoice.status !== InvoiceStatus.Approved) expected = "InvoiceNotOpenForFunding";
      else if (near(now, invoice.deadline)) return "skipped";
      else if (now <= invoice.deadline) expected = "FundingStillOpen";
      outcome = await outcomeOf(f.mined(f.as(f.stranger).nft.write.cancelExpired([id])));
      if (outcome === "ok") {
        invoice.status = InvoiceStatus.Cancelled;
        model.reserved -= financingFee(invoice.amount, invoice.yieldBps);
      }
      break;
    }
    case "markDefaulted": {
      if (invoice.status !== InvoiceStatus.Funded) expected = "InvoiceNotFunded";
      else if (near(now, invoice.maturity + GRACE)) return "skipped";
      else if (now < invoice.maturity + GRACE) expected = "GracePeriodNotOver";
      outcome = await outcomeOf(f.mined(admin.write.markDefaulted([id])));
      if (outcome === "ok") invoice.status = InvoiceStatus.Defaulted;
      break;
    }
    case "settleDefault": {
      if (invoice.status !== InvoiceStatus.Defaulted) expected = "InvoiceNotDefaulted";
      outcome = await outcomeOf(f.mined(admin.write.settleDefault([id])));
      if (outcome === "ok") {
        invoice.status = InvoiceStatus.Settled;
        model.reserved -= financingFee(invoice.amount, invoice.yieldBps);
      }
      break;
    }
    case "invest": {
      const investor = holders[act.investor] as Wallet;
      const remaining = invoice.amount - invoice.funded;
      const amount = (remaining * BigInt(act.per10k)) / 10_000n;
      const taken = amount < remaining ? amount : remaining;
      if (invoice.status !== InvoiceStatus.Approved) expected = "InvoiceNotOpenForFunding";
      else if (near(now, invoice.deadline)) return "skipped";
      else if (now > invoice.deadline) expected = "FundingDeadlinePassed";
      else if (amount === 0n) expected = "ZeroAmount";
      else if (taken < remaining && taken < MIN_INVESTMENT) expected = "InvestmentBelowMinimum";
      await f.mined(f.as(investor).gold.write.approve([f.deployment.farmNft, amount]));
      let receipt: TransactionReceipt | undefined;
      outcome = await outcomeOf(
        f.mined(f.as(investor).nft.write.invest([id, amount])).then((r) => {
          receipt = r;
        }),
      );
      if (outcome === "ok" && receipt) {
        expect(invested(receipt)?.amount).toBe(taken);
        invoice.funded += taken;
        model.addShares(id, investor.account.address, taken);
        if (invoice.funded === invoice.amount) {
          invoice.status = InvoiceStatus.Funded;
          invoice.maturity = funded(receipt)?.maturity ?? 0n;
        }
      }
      break;
    }
    case "repay": {
      const payer = act.byStranger ? f.stranger : f.farmer;
      const due = invoice.amount + (invoice.amount * BigInt(invoice.yieldBps)) / 10_000n - invoice.repaid;
      const amount = (due * BigInt(act.per10k)) / 10_000n;
      const split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, amount);
      if (invoice.status !== InvoiceStatus.Funded && invoice.status !== InvoiceStatus.Defaulted) {
        expected = "InvoiceNotRepayable";
      } else if (amount === 0n) expected = "ZeroAmount";
      else if (split.taken === 0n) expected = "NothingDue";
      await f.mined(f.as(payer).gold.write.approve([f.deployment.farmNft, amount]));
      let receipt: TransactionReceipt | undefined;
      outcome = await outcomeOf(
        f.mined(f.as(payer).nft.write.repay([id, amount])).then((r) => {
          receipt = r;
        }),
      );
      if (outcome === "ok" && receipt) {
        expect(repaid(receipt)?.amount).toBe(split.taken);
        invoice.repaid += split.taken;
        const fully =
          invoice.repaid === invoice.amount + (invoice.amount * BigInt(invoice.yieldBps)) / 10_000n;
        if (fully && invoice.status === InvoiceStatus.Funded) {
          invoice.status = InvoiceStatus.Repaid;
          model.reserved -= financingFee(invoice.amount, invoice.yieldBps);
        }
      }
      break;
    }
    case "harvest": {
      const holder = holders[act.holder] as Wallet;
      const shares = model.sharesOf(id, holder.account.address);
      if (invoice.status !== InvoiceStatus.Repaid && invoice.status !== InvoiceStatus.Settled) {
        expected = "InvoiceNotHarvestable";
      } else if (near(now, invoice.maturity)) return "skipped";
      else if (now < invoice.maturity) expected = "HarvestBeforeMaturity";
      else if (shares === 0n) expected = "NoSharesToRedeem";
      let receipt: TransactionReceipt | undefined;
      outcome = await outcomeOf(
        f.mined(f.as(holder).nft.write.harvest([id])).then((r) => {
          receipt = r;
        }),
      );
      if (outcome === "ok" && receipt) {
        const payout = harvestPayout({
          status: invoice.status === InvoiceStatus.Repaid ? "repaid" : "settled",
          shares,
          redeemedBefore: invoice.redeemed,
          yieldBps: invoice.yieldBps,
          funded: invoice.funded,
          amount: invoice.amount,
          repaid: invoice.repaid,
        });
        const event = harvested(receipt);
        expect({ shares: event?.shares, principal: event?.principal, yield: event?.yield }).toEqual({
          shares,
          ...payout,
        });
        invoice.redeemed += shares;
        model.addShares(id, holder.account.address, -shares);
      }
      break;
    }
    case "refund": {
      const holder = holders[act.holder] as Wallet;
      const shares = model.sharesOf(id, holder.account.address);
      if (invoice.status !== InvoiceStatus.Cancelled) expected = "InvoiceNotCancelled";
      else if (shares === 0n) expected = "NoSharesToRedeem";
      let receipt: TransactionReceipt | undefined;
      outcome = await outcomeOf(
        f.mined(f.as(holder).nft.write.refund([id])).then((r) => {
          receipt = r;
        }),
      );
      if (outcome === "ok" && receipt) {
        expect(refunded(receipt)?.shares).toBe(shares);
        invoice.redeemed += shares;
        model.addShares(id, holder.account.address, -shares);
      }
      break;
    }
    case "transfer": {
      const from = holders[act.from] as Wallet;
      const to = holders[act.to] as Wallet;
      const amount = (model.sharesOf(id, from.account.address) * BigInt(act.per10k)) / 10_000n;
      outcome = await outcomeOf(
        f.mined(
          f.as(from).nft.write.safeTransferFrom([from.account.address, to.account.address, id, amount, "0x"]),
        ),
      );
      if (outcome === "ok" && amount === 0n) return "empty";
      if (outcome === "ok") {
        model.addShares(id, from.account.address, -amount);
        model.addShares(id, to.account.address, amount);
      }
      break;
    }
  }
  expect(outcome, `${act.kind} of invoice ${id}`).toBe(expected);
  return outcome;
}

/** The three invariants of the issue, plus agreement of the chain with the model. */
async function checkInvariants(f: Farm, model: Model, everyone: Address[], totalSupply: bigint) {
  const reader = f.as(f.admin);
  const [vaultGold, reserved] = await Promise.all([
    reader.gold.read.balanceOf([f.deployment.farmVault]),
    reader.vault.read.reserved(),
  ]);
  expect(vaultGold >= reserved, "GOLD.balanceOf(vault) >= vault.reserved()").toBe(true);
  expect(reserved).toBe(model.reserved);

  for (const invoice of model.invoices) {
    const [onChain, ...balances] = await Promise.all([
      reader.nft.read.getInvoice([invoice.id]),
      ...model.holders.map((holder) => reader.nft.read.balanceOf([holder, invoice.id])),
    ]);
    const sum = balances.reduce((a, b) => a + b, 0n);
    expect(sum, `shares of invoice ${invoice.id}`).toBe(onChain.funded - onChain.redeemedShares);
    expect({ status: onChain.status, funded: onChain.funded, repaid: onChain.repaid }).toEqual({
      status: invoice.status,
      funded: invoice.funded,
      repaid: invoice.repaid,
    });
    model.holders.forEach((holder, i) => {
      expect(balances[i]).toBe(model.sharesOf(invoice.id, holder));
    });
  }

  const golds = await Promise.all(everyone.map((account) => reader.gold.read.balanceOf([account])));
  expect(
    golds.reduce((a, b) => a + b, 0n),
    "no GOLD created or lost",
  ).toBe(totalSupply);
  expect(await reader.gold.read.totalSupply()).toBe(totalSupply);
}

describe("FarmNFT under random action sequences", () => {
  it("keeps the vault covered, the shares equal to funded minus redeemed, and GOLD conserved", async () => {
    const f = farm();
    await f.mined(f.as(f.admin).nft.write.setGraceDays([GRACE_DAYS]));
    const holders = [...f.investors.slice(0, 4), f.stranger];
    const model0 = holders.map((h) => h.account.address);
    const everyone: Address[] = [
      ...Array.from({ length: 10 }, (_, i) => f.wallet(i).account.address),
      f.deployment.farmNft,
      f.deployment.farmVault,
      f.deployment.goldFaucet,
      f.deployment.goldToken,
    ];
    for (const payer of [f.farmer, f.stranger]) {
      await f.mined(f.as(payer).gold.write.approve([f.deployment.farmNft, maxUint256]));
    }
    const totalSupply = await f.as(f.admin).gold.read.totalSupply();
    const references = { next: 0 };
    const succeeded = new Map<string, number>();
    const succeededByExample = new Map<string, number>();

    await fc.assert(
      fc.asyncProperty(
        fc.tuple(
          fc.array(submit, { minLength: 1, maxLength: 3 }),
          fc.array(partialInvestment, { minLength: 1, maxLength: 3 }),
          fc.array(action, { minLength: 20, maxLength: 50, size: "max" }),
        ),
        async ([opening, firstInvestments, rest]) => {
          // Each run opens with a few submitted and approved invoices, so investors have something to invest in.
          const approvals = opening.map((): Action => ({ kind: "approve", invoice: 0, wild: false }));
          const actions = [...opening, ...approvals, ...firstInvestments, ...rest];
          const snapshot = await f.testClient.snapshot();
          try {
            const model = new Model(model0);
            for (const act of actions) {
              const outcome = await step(f, model, holders, act, references);
              if (outcome === "skipped") continue;
              const tally = opening === everyPath[0] ? succeededByExample : succeeded;
              if (outcome === "ok") tally.set(act.kind, (tally.get(act.kind) ?? 0) + 1);
              await checkInvariants(f, model, everyone, totalSupply);
            }
          } finally {
            await f.testClient.revert({ id: snapshot });
          }
        },
      ),
      { numRuns: 12, examples: [[everyPath]] },
    );
    expect([...succeededByExample.keys()].sort()).toEqual([
      "advance",
      "approve",
      "cancelExpired",
      "harvest",
      "invest",
      "markDefaulted",
      "refund",
      "repay",
      "settleDefault",
      "submit",
      "transfer",
    ]);
    // The random runs must reach deep into the lifecycle too, or they would check trivial states only.
    for (const kind of ["invest", "repay", "transfer", "approve"]) {
      expect(succeeded.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  }, 180_000);
});
