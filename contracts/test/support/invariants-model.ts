import { financingFee, harvestPayout, type LateFeeState, splitRepayment, totalDue } from "@farm/core";
import { type Address, keccak256, parseEventLogs, sha256, type TransactionReceipt, toHex } from "viem";
import { expect } from "vitest";
import { farmNftAbi } from "../../src/abi/FarmNFT";
import { InvoiceStatus } from "../../src/invoice-status";
import { DAY, type Farm, type Wallet } from "./farm";
import { type Action, GRACE, MIN_INVESTMENT, RECOVERY } from "./invariants-actions";
import { accrueLate, appliesTo, lateOwed, minedAt, NO_LATE_FEE, near } from "./lifecycle-model";
import { outcomeOf } from "./revert";

// The model the random lifecycle sequences are checked against, one step at a time, and the invariants checked after
// every step (invariants.property.test.ts).
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
  /** When a declared default may be settled (its InvoiceDefaulted event), else 0. */
  settleableAt: bigint;
  /** The late fee accrued at the last repayment past maturity or fixed by the default. */
  late: LateFeeState;
}

export class Model {
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
export async function step(
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
      late: NO_LATE_FEE,
      settleableAt: 0n,
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
      let receipt: TransactionReceipt | undefined;
      outcome = await outcomeOf(
        f.mined(admin.write.markDefaulted([id])).then((r) => {
          receipt = r;
        }),
      );
      if (outcome === "ok" && receipt) {
        accrueLate(invoice, await minedAt(f, receipt));
        invoice.status = InvoiceStatus.Defaulted;
        const [event] = parseEventLogs({
          abi: farmNftAbi,
          logs: receipt.logs,
          eventName: "InvoiceDefaulted",
        });
        invoice.settleableAt = event?.args.settleableAt ?? 0n;
        expect(invoice.settleableAt >= now + RECOVERY, "the recovery window runs from the default").toBe(
          true,
        );
      }
      break;
    }
    case "settleDefault": {
      if (invoice.status !== InvoiceStatus.Defaulted) expected = "InvoiceNotDefaulted";
      else if (near(now, invoice.settleableAt)) return "skipped";
      else if (now < invoice.settleableAt) expected = "RecoveryWindowOpen";
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
      // The late fee grows by whole days: estimated at the last block, checked at the repayment's own block.
      const lateNow = lateOwed(invoice, now);
      const due = totalDue(invoice.amount, invoice.yieldBps, lateNow) - invoice.repaid;
      const amount = (due * BigInt(act.per10k)) / 10_000n;
      let split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, amount, lateNow);
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
        const late = accrueLate(invoice, await minedAt(f, receipt));
        split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, amount, late);
        expect(repaid(receipt)?.amount).toBe(split.taken);
        invoice.repaid += split.taken;
        const fully = invoice.repaid === totalDue(invoice.amount, invoice.yieldBps, late);
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
export async function checkInvariants(f: Farm, model: Model, everyone: Address[], totalSupply: bigint) {
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
