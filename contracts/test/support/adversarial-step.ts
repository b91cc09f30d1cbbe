import { DEFAULT_MAX_DAILY_FEE, financingFee, harvestPayout, splitRepayment, totalDue } from "@farm/core";
import {
  type ContractFunctionArgs,
  type ContractFunctionName,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from "viem";
import { expect } from "vitest";
import { farmNftAbi } from "../../src/abi/FarmNFT";
import { farmVaultAbi } from "../../src/abi/FarmVault";
import { InvoiceStatus } from "../../src/invoice-status";
import {
  ACTORS,
  type Action,
  BUYER,
  FARMER,
  GRACE_DAYS,
  HONEST_FARMER,
  MIN_INVESTMENT,
  RECOVERY_DAYS,
  RESERVATION_LIMIT_BPS,
  SYBILS,
} from "./adversarial-actions";
import { credentialStep, type ModelCredential, receiverOutcome } from "./adversarial-credentials";
import { isMarketAction, type MarketAction, marketStep } from "./adversarial-market";
import type { FastSender, Model } from "./adversarial-model";
import { DAY, type Farm, type Wallet } from "./farm";
import { accrueLate, appliesTo, lateOwed, minedAt, NO_LATE_FEE, near } from "./lifecycle-model";

// One step of an adversarial sequence (./adversarial.ts): on chain and in the model, with the outcome checked.
/** Calldata of a FarmNFT write, checked against the ABI by the compiler. */
function nftCall<const F extends ContractFunctionName<typeof farmNftAbi, "nonpayable">>(
  functionName: F,
  args: ContractFunctionArgs<typeof farmNftAbi, "nonpayable", F>,
): Hex {
  return encodeFunctionData({ abi: farmNftAbi, functionName, args } as never);
}

const credentialOf = (model: Model, actor: number) => model.credentials[actor] as ModelCredential;

export async function step(
  f: Farm,
  sender: FastSender,
  model: Model,
  actors: Wallet[],
  act: Action | MarketAction,
  counter: { next: number; moments: Map<string, number> },
  now: bigint,
): Promise<string> {
  const nft = f.deployment.farmNft;
  const admin = f.admin;

  if (isMarketAction(act)) return marketStep(f, sender, model, actors, act, now, counter.moments);
  if (act.kind === "advance") {
    await f.advance(BigInt(act.hours) * 3_600n);
    return "ok";
  }
  if (act.kind === "credential") return credentialStep(f, sender, model.credentials, actors, act, now);
  if (act.kind === "submit") {
    counter.next += 1;
    const farmer = act.byAdversary ? FARMER : HONEST_FARMER;
    const deadline = now + BigInt(act.fundingDays) * DAY;
    const { outcome, receipt } = await sender.send(
      f.operator,
      nft,
      nftCall("submitInvoice", [
        (actors[farmer] as Wallet).account.address,
        act.amount,
        act.yieldBps,
        act.tenorDays,
        deadline,
        keccak256(toHex(`adversarial-${counter.next}`)),
        keccak256(toHex(`adversarial-document-${counter.next}`)),
      ]),
    );
    // The fee cap (decision 0050): a term yield above maxDailyFee x tenor / 100 bps never reaches the chain.
    const aboveCap = act.yieldBps * 100 > DEFAULT_MAX_DAILY_FEE * act.tenorDays;
    expect(outcome).toBe(aboveCap ? "FeeAboveCap" : "ok");
    if (aboveCap) return outcome;
    const [submitted] = parseEventLogs({
      abi: farmNftAbi,
      logs: receipt.logs,
      eventName: "InvoiceSubmitted",
    });
    model.invoices.push({
      id: submitted?.args.tokenId ?? 0n,
      farmer,
      amount: act.amount,
      yieldBps: act.yieldBps,
      tenorDays: act.tenorDays,
      deadline,
      status: InvoiceStatus.Pending,
      funded: 0n,
      repaid: 0n,
      redeemed: 0n,
      maturity: 0n,
      settleableAt: 0n,
      late: NO_LATE_FEE,
      feeIn: 0n,
      yieldOut: 0n,
      ledger: Array.from({ length: ACTORS }, () => 0n),
      tradeFees: 0n,
    });
    return "ok";
  }

  const pool = model.invoices.filter((i) => appliesTo[act.kind]?.includes(i.status));
  const invoice = pool[act.invoice % Math.max(pool.length, 1)];
  if (!invoice) return "skipped";
  const { id } = invoice;
  const fee = financingFee(invoice.amount, invoice.yieldBps);
  let expected = "ok";
  let result: { outcome: string; receipt: TransactionReceipt };

  switch (act.kind) {
    case "approve": {
      if (near(now, invoice.deadline)) return "skipped";
      const free = (await f.as(admin).vault.read.freeReserve()) as bigint;
      if (now > invoice.deadline) expected = "FundingDeadlinePassed";
      else if (fee > (free * BigInt(RESERVATION_LIMIT_BPS)) / 10_000n) expected = "ReservationAboveLimit";
      result = await sender.send(admin, nft, nftCall("approveInvoice", [id]));
      if (result.outcome === "ok") {
        invoice.status = InvoiceStatus.Approved;
        model.reserved += fee;
      }
      break;
    }
    case "cancelExpired": {
      if (near(now, invoice.deadline)) return "skipped";
      if (now <= invoice.deadline) expected = "FundingStillOpen";
      result = await sender.send(actors[BUYER] as Wallet, nft, nftCall("cancelExpired", [id]));
      if (result.outcome === "ok") {
        invoice.status = InvoiceStatus.Cancelled;
        model.reserved -= fee;
      }
      break;
    }
    case "markDefaulted": {
      const defaultableAt = invoice.maturity + BigInt(GRACE_DAYS) * DAY;
      if (near(now, defaultableAt)) return "skipped";
      if (now < defaultableAt) expected = "GracePeriodNotOver";
      result = await sender.send(admin, nft, nftCall("markDefaulted", [id]));
      if (result.outcome === "ok") {
        accrueLate(invoice, await minedAt(f, result.receipt));
        invoice.status = InvoiceStatus.Defaulted;
        const [event] = parseEventLogs({
          abi: farmNftAbi,
          logs: result.receipt.logs,
          eventName: "InvoiceDefaulted",
        });
        invoice.settleableAt = event?.args.settleableAt ?? 0n;
        const window = invoice.settleableAt - now;
        expect(window >= BigInt(RECOVERY_DAYS) * DAY, "the recovery window runs from the default").toBe(true);
      }
      break;
    }
    case "withdraw": {
      if (act.reason === "") expected = "ReasonRequired";
      result = await sender.send(admin, nft, nftCall("withdrawInvoice", [id, act.reason]));
      if (result.outcome === "ok") {
        invoice.status = InvoiceStatus.Cancelled;
        model.reserved -= fee;
      }
      break;
    }
    case "settleDefault": {
      // Late recoveries: a settlement inside the window is refused, so every repayment until it reaches the holders.
      if (near(now, invoice.settleableAt)) return "skipped";
      if (now < invoice.settleableAt) expected = "RecoveryWindowOpen";
      result = await sender.send(admin, nft, nftCall("settleDefault", [id]));
      if (result.outcome === "ok") {
        invoice.status = InvoiceStatus.Settled;
        model.reserved -= fee;
      }
      break;
    }
    case "invest": {
      const remaining = invoice.amount - invoice.funded;
      const offered = (remaining * BigInt(act.per10k)) / 10_000n;
      const taken = offered < remaining ? offered : remaining;
      if (near(now, invoice.deadline)) return "skipped";
      if (now > invoice.deadline) expected = "FundingDeadlinePassed";
      else if (act.actor === invoice.farmer) expected = "InvestorIsFarmer";
      else if (offered === 0n) expected = "ZeroAmount";
      else if (taken < remaining && taken < MIN_INVESTMENT) expected = "InvestmentBelowMinimum";
      else if (taken > model.goldOf(act.actor)) expected = "ERC20InsufficientBalance";
      else expected = receiverOutcome(credentialOf(model, act.actor), model.holdings(act.actor), taken, now);
      if (expected === "near") return "skipped";
      result = await sender.send(actors[act.actor] as Wallet, nft, nftCall("invest", [id, offered]));
      if (result.outcome === "ok") {
        invoice.funded += taken;
        invoice.ledger[act.actor] = (invoice.ledger[act.actor] as bigint) - taken;
        model.addShares(id, act.actor, taken);
        const [funded] = parseEventLogs({
          abi: farmNftAbi,
          logs: result.receipt.logs,
          eventName: "InvoiceFunded",
        });
        if (funded) {
          invoice.status = InvoiceStatus.Funded;
          invoice.maturity = funded.args.maturity;
          invoice.ledger[invoice.farmer] = (invoice.ledger[invoice.farmer] as bigint) + funded.args.principal;
        }
      }
      break;
    }
    case "repay": {
      const payer =
        act.payer === "farmer" ? invoice.farmer : act.payer === "buyer" ? BUYER : (SYBILS[0] as number);
      // The late fee grows by whole days: estimated at the last block, checked at the repayment's own block.
      const lateNow = lateOwed(invoice, now);
      const due = totalDue(invoice.amount, invoice.yieldBps, lateNow) - invoice.repaid;
      const offered = (due * BigInt(act.per10k)) / 10_000n;
      let split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, offered, lateNow);
      if (offered === 0n) expected = "ZeroAmount";
      else if (split.taken === 0n) expected = "NothingDue";
      else if (split.taken > model.goldOf(payer)) expected = "ERC20InsufficientBalance";
      result = await sender.send(actors[payer] as Wallet, nft, nftCall("repay", [id, offered]));
      if (result.outcome === "ok") {
        const late = accrueLate(invoice, await minedAt(f, result.receipt));
        split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, offered, late);
        const [event] = parseEventLogs({ abi: farmNftAbi, logs: result.receipt.logs, eventName: "Repaid" });
        expect(event?.args.amount, "taken with the late fee accrued at the block").toBe(split.taken);
        invoice.repaid += split.taken;
        invoice.feeIn += split.feePart;
        invoice.ledger[payer] = (invoice.ledger[payer] as bigint) - split.taken;
        if (
          invoice.repaid === totalDue(invoice.amount, invoice.yieldBps, late) &&
          invoice.status === InvoiceStatus.Funded
        ) {
          invoice.status = InvoiceStatus.Repaid;
          model.reserved -= fee;
        }
      }
      break;
    }
    case "harvest": {
      const shares = model.sharesOf(id, act.actor);
      if (near(now, invoice.maturity)) return "skipped";
      if (now < invoice.maturity) expected = "HarvestBeforeMaturity";
      else if (shares === 0n) expected = "NoSharesToRedeem";
      result = await sender.send(actors[act.actor] as Wallet, nft, nftCall("harvest", [id]));
      if (result.outcome === "ok") {
        const payout = harvestPayout({
          status: invoice.status === InvoiceStatus.Repaid ? "repaid" : "settled",
          shares,
          redeemedBefore: invoice.redeemed,
          yieldBps: invoice.yieldBps,
          funded: invoice.funded,
          amount: invoice.amount,
          repaid: invoice.repaid,
        });
        const [event] = parseEventLogs({
          abi: farmNftAbi,
          logs: result.receipt.logs,
          eventName: "Harvested",
        });
        expect({ principal: event?.args.principal, yield: event?.args.yield }).toEqual(payout);
        invoice.redeemed += shares;
        invoice.ledger[act.actor] = (invoice.ledger[act.actor] as bigint) + payout.principal + payout.yield;
        model.addShares(id, act.actor, -shares);
      }
      break;
    }
    case "refund": {
      const shares = model.sharesOf(id, act.actor);
      if (shares === 0n) expected = "NoSharesToRedeem";
      result = await sender.send(actors[act.actor] as Wallet, nft, nftCall("refund", [id]));
      if (result.outcome === "ok") {
        invoice.redeemed += shares;
        invoice.ledger[act.actor] = (invoice.ledger[act.actor] as bigint) + shares;
        model.addShares(id, act.actor, -shares);
      }
      break;
    }
    case "transfer": {
      const from = actors[act.from] as Wallet;
      const to = actors[act.to] as Wallet;
      const moved = (model.sharesOf(id, act.from) * BigInt(act.per10k)) / 10_000n;
      if (moved === 0n) return "skipped";
      // A frozen sender is refused first; the receiver's holding counts the sender's part of a self-transfer.
      if (credentialOf(model, act.from).frozen) expected = "WalletFrozen";
      else {
        const holds = model.holdings(act.to) - (act.from === act.to ? moved : 0n);
        expected = receiverOutcome(credentialOf(model, act.to), holds, moved, now);
      }
      if (expected === "near") return "skipped";
      result = await sender.send(
        from,
        nft,
        nftCall("safeTransferFrom", [from.account.address, to.account.address, id, moved, "0x"]),
      );
      if (result.outcome === "ok") {
        model.addShares(id, act.from, -moved);
        model.addShares(id, act.to, moved);
      }
      break;
    }
  }
  // The vault's own record of what it paid out for the invoice.
  for (const log of parseEventLogs({
    abi: farmVaultAbi,
    logs: result.receipt.logs,
    eventName: "YieldWithdrawn",
  })) {
    const target = model.invoices.find((i) => i.id === log.args.tokenId);
    if (target) target.yieldOut += log.args.amount;
  }
  expect(result.outcome, `${act.kind} of invoice ${id}`).toBe(expected);
  return result.outcome;
}
