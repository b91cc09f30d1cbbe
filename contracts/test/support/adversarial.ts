import { financingFee, harvestPayout, ONE_GOLD, splitRepayment } from "@farm/core";
import fc from "fast-check";
import {
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  keccak256,
  maxUint256,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../../src/abi/FarmNFT";
import { farmVaultAbi } from "../../src/abi/FarmVault";
import { farmErrorsAbi } from "../../src/errors";
import { InvoiceStatus } from "../../src/invoice-status";
import { DAY, type Farm, useFarm, type Wallet } from "./farm";
import { appliesTo, near } from "./lifecycle-model";

// Random sequences in which a farmer tries to take money out of the vault: it invests in its own invoices through
// sybil addresses it controls, repays in part or not at all, and the admin defaults and settles at random, beside an
// honest farmer, honest investors and a buyer who repays. After every step the chain must agree with a model and
// with the two money invariants of the corrected model:
//   1. the vault's GOLD never falls except by yield paid on invoices whose fee was paid in (so its free reserve,
//      counting the reservations of live invoices as free, never ends below where it started);
//   2. no group of addresses gains on an invoice more than what others put into that invoice and did not get back:
//      the sum of everybody's gains on one invoice is never positive, so a farmer and its sybils who fund their own
//      invoice end with at most what they put in.
// Each step sends raw signed transactions with local nonces (two RPCs each), so 1,000 sequences run in CI: two test
// files run half each, on their own anvil, in parallel (invariants.adversarial-{a,b}.property.test.ts).
const GRACE_DAYS = 7;
const MIN_INVESTMENT = ONE_GOLD;

/** Actor indices: the adversary cluster first. */
const FARMER = 0;
const SYBILS = [1, 2];
const CLUSTER = new Set([FARMER, ...SYBILS]);
const HONEST_FARMER = 5;
const BUYER = 6;
const ACTORS = 7;

type Action =
  | {
      kind: "submit";
      byAdversary: boolean;
      amount: bigint;
      yieldBps: number;
      tenorDays: number;
      fundingDays: number;
    }
  | { kind: "approve" | "cancelExpired" | "markDefaulted" | "settleDefault"; invoice: number }
  | { kind: "invest"; actor: number; invoice: number; per10k: number }
  | { kind: "repay"; payer: "farmer" | "buyer" | "sybil"; invoice: number; per10k: number }
  | { kind: "harvest" | "refund"; actor: number; invoice: number }
  | { kind: "transfer"; from: number; to: number; invoice: number; per10k: number }
  | { kind: "advance"; hours: number };

const invoiceIndex = fc.nat({ max: 12 });
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 50_000n * ONE_GOLD }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n * ONE_GOLD }) },
  // Large enough that its yield can pass the reservation limit of the free reserve.
  { weight: 1, arbitrary: fc.bigInt({ min: 500_000n * ONE_GOLD, max: 1_500_000n * ONE_GOLD }) },
);
const submit = fc.record({
  kind: fc.constant("submit" as const),
  byAdversary: fc.boolean(),
  amount,
  yieldBps: fc.integer({ min: 0, max: 3000 }),
  tenorDays: fc.integer({ min: 7, max: 30 }),
  fundingDays: fc.integer({ min: 2, max: 10 }),
});
const fundingInvestment = fc.record({
  kind: fc.constant("invest" as const),
  actor: fc.constantFrom(...SYBILS, 3, 4),
  invoice: fc.constant(0),
  per10k: fc.constant(10_000),
});
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: submit },
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

interface ModelInvoice {
  id: bigint;
  farmer: number;
  amount: bigint;
  yieldBps: number;
  deadline: bigint;
  status: number;
  funded: bigint;
  repaid: bigint;
  redeemed: bigint;
  maturity: bigint;
  /** Fee paid into the vault, and yield the vault paid out, for this invoice (base units). */
  feeIn: bigint;
  yieldOut: bigint;
  /** GOLD each actor got out of this invoice minus what it put in. */
  ledger: bigint[];
}

class Model {
  invoices: ModelInvoice[] = [];
  shares = new Map<string, bigint>();
  reserved = 0n;
  vaultStart = 0n;
  freeStart = 0n;
  goldStart: bigint[] = [];
  sharesOf(id: bigint, actor: number) {
    return this.shares.get(`${id}:${actor}`) ?? 0n;
  }
  addShares(id: bigint, actor: number, delta: bigint) {
    this.shares.set(`${id}:${actor}`, this.sharesOf(id, actor) + delta);
  }
  /** GOLD `actor` holds by the model: what it started with plus its ledger on every invoice. */
  goldOf(actor: number) {
    return this.invoices.reduce(
      (sum, i) => sum + (i.ledger[actor] as bigint),
      this.goldStart[actor] as bigint,
    );
  }
  liveReserved() {
    const live = [InvoiceStatus.Approved, InvoiceStatus.Funded, InvoiceStatus.Defaulted] as number[];
    return this.invoices
      .filter((i) => live.includes(i.status))
      .reduce((sum, i) => sum + financingFee(i.amount, i.yieldBps), 0n);
  }
}

/** Sends contract calls as signed raw transactions with locally tracked nonces and a fixed gas limit. */
class FastSender {
  private nonces = new Map<Address, number>();
  private start = new Map<Address, number>();
  constructor(private readonly f: Farm) {}

  /** Remembers the nonces at the snapshot every run starts from. */
  async init(wallets: Wallet[]) {
    for (const w of wallets) {
      const address = w.account.address;
      this.start.set(
        address,
        await this.f.publicClient.getTransactionCount({ address, blockTag: "pending" }),
      );
    }
  }

  reset() {
    this.nonces = new Map(this.start);
  }

  async send(
    from: Wallet,
    to: Address,
    data: Hex,
  ): Promise<{ outcome: string; receipt: TransactionReceipt }> {
    const address = from.account.address;
    let nonce = this.nonces.get(address);
    if (nonce === undefined)
      nonce = await this.f.publicClient.getTransactionCount({ address, blockTag: "pending" });
    this.nonces.set(address, nonce + 1);
    const raw = await from.account.signTransaction({
      chainId: this.f.chain.id,
      type: "eip1559",
      nonce,
      to,
      data,
      gas: 1_500_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
    const hash = await this.f.publicClient.request({ method: "eth_sendRawTransaction", params: [raw] });
    let receipt: TransactionReceipt | undefined;
    for (let attempt = 0; !receipt; attempt += 1) {
      receipt = await this.f.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
      if (!receipt && attempt > 200) throw new Error(`no receipt for ${hash}`);
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (receipt.status === "success") return { outcome: "ok", receipt };
    // Replay the call on the state it met (one transaction per block) to name the custom error.
    const replay = await this.f.publicClient
      .call({ account: address, to, data, blockNumber: receipt.blockNumber - 1n })
      .then(() => undefined)
      .catch(
        (error: { cause?: { data?: Hex }; data?: Hex; walk?: (fn: (e: unknown) => boolean) => unknown }) => {
          const found = error.walk?.((e) => typeof (e as { data?: unknown }).data === "string") as
            | { data?: Hex }
            | undefined;
          return found?.data ?? error.cause?.data ?? error.data;
        },
      );
    if (!replay) throw new Error(`transaction ${hash} reverted without revert data`);
    return { outcome: decodeErrorResult({ abi: farmErrorsAbi, data: replay }).errorName, receipt };
  }
}

/** Calldata of a FarmNFT write, checked against the ABI by the compiler. */
function nftCall<const F extends ContractFunctionName<typeof farmNftAbi, "nonpayable">>(
  functionName: F,
  args: ContractFunctionArgs<typeof farmNftAbi, "nonpayable", F>,
): Hex {
  return encodeFunctionData({ abi: farmNftAbi, functionName, args } as never);
}

async function step(
  f: Farm,
  sender: FastSender,
  model: Model,
  actors: Wallet[],
  act: Action,
  counter: { next: number },
  now: bigint,
): Promise<string> {
  const nft = f.deployment.farmNft;
  const admin = f.admin;

  if (act.kind === "advance") {
    await f.advance(BigInt(act.hours) * 3_600n);
    return "ok";
  }
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
    expect(outcome).toBe("ok");
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
      deadline,
      status: InvoiceStatus.Pending,
      funded: 0n,
      repaid: 0n,
      redeemed: 0n,
      maturity: 0n,
      feeIn: 0n,
      yieldOut: 0n,
      ledger: Array.from({ length: ACTORS }, () => 0n),
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
      else if (fee > (free * 2500n) / 10_000n) expected = "ReservationAboveLimit";
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
      if (result.outcome === "ok") invoice.status = InvoiceStatus.Defaulted;
      break;
    }
    case "settleDefault": {
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
      const due = invoice.amount + fee - invoice.repaid;
      const offered = (due * BigInt(act.per10k)) / 10_000n;
      const split = splitRepayment(invoice.amount, invoice.yieldBps, invoice.repaid, offered);
      if (offered === 0n) expected = "ZeroAmount";
      else if (split.taken === 0n) expected = "NothingDue";
      else if (split.taken > model.goldOf(payer)) expected = "ERC20InsufficientBalance";
      result = await sender.send(actors[payer] as Wallet, nft, nftCall("repay", [id, offered]));
      if (result.outcome === "ok") {
        invoice.repaid += split.taken;
        invoice.feeIn += split.feePart;
        invoice.ledger[payer] = (invoice.ledger[payer] as bigint) - split.taken;
        if (invoice.repaid === invoice.amount + fee && invoice.status === InvoiceStatus.Funded) {
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

/** Checks the invariants after a step and returns the chain's time for the next one (one batched request). */
async function checkInvariants(f: Farm, model: Model, actors: Wallet[]): Promise<bigint> {
  const reader = f.as(f.admin);
  const [block, vaultGold, reserved, free, nftGold, ...golds] = await Promise.all([
    f.publicClient.getBlock({ blockTag: "latest" }),
    reader.gold.read.balanceOf([f.deployment.farmVault]),
    reader.vault.read.reserved(),
    reader.vault.read.freeReserve(),
    reader.gold.read.balanceOf([f.deployment.farmNft]),
    ...actors.map((a) => reader.gold.read.balanceOf([a.account.address])),
  ]);
  expect(vaultGold >= reserved, "GOLD.balanceOf(vault) >= vault.reserved()").toBe(true);
  expect(reserved).toBe(model.reserved);

  // 1. The vault pays out only yield backed by a fee paid in on the same invoice.
  let feeIn = 0n;
  let yieldOut = 0n;
  for (const invoice of model.invoices) {
    expect(invoice.yieldOut <= invoice.feeIn, `yield of invoice ${invoice.id} backed by its fee`).toBe(true);
    feeIn += invoice.feeIn;
    yieldOut += invoice.yieldOut;
  }
  expect(vaultGold).toBe(model.vaultStart + feeIn - yieldOut);
  expect(free + model.liveReserved() >= model.freeStart, "free reserve falls only by live reservations").toBe(
    true,
  );

  // 2. Every actor's GOLD is exactly its ledger, and no invoice's participants gain together.
  golds.forEach((gold, actor) => {
    const ledger = model.invoices.reduce((sum, i) => sum + (i.ledger[actor] as bigint), 0n);
    expect(gold - (model.goldStart[actor] as bigint), `GOLD of actor ${actor}`).toBe(ledger);
  });
  let held = 0n;
  for (const invoice of model.invoices) {
    const total = invoice.ledger.reduce((a, b) => a + b, 0n);
    const cluster = invoice.ledger.reduce((sum, v, actor) => (CLUSTER.has(actor) ? sum + v : sum), 0n);
    expect(total <= 0n, `participants of invoice ${invoice.id} gained ${total}`).toBe(true);
    expect(cluster <= cluster - total, "the farmer's cluster gains at most what others lost").toBe(true);
    held -= total + invoice.feeIn - invoice.yieldOut;
  }
  // What FarmNFT holds is exactly what the participants put in and the vault passed on, not yet paid out.
  expect(nftGold).toBe(held);
  return block.timestamp;
}

/** One share of the adversarial sequences, on its own chain (`useFarm` starts an anvil for the suite). */
export function describeAdversarialRuns(share: string, runs: number): void {
  describe(`FarmNFT against a farmer with sybil addresses (${share})`, () => {
    const farm = useFarm();
    it(`never lets anyone take GOLD from the vault that no fee paid in (${runs} random sequences)`, async () => {
      const f = farm();
      const actors = [f.farmer, f.wallet(5), f.wallet(6), f.wallet(3), f.wallet(4), f.wallet(7), f.stranger];
      await f.mined(f.as(f.admin).nft.write.setGraceDays([GRACE_DAYS]));
      for (const actor of actors) {
        await f.mined(f.as(actor).gold.write.approve([f.deployment.farmNft, maxUint256]));
      }
      const sender = new FastSender(f);
      await sender.init([...actors, f.admin, f.operator]);
      const reader = f.as(f.admin);
      const vaultStart = await reader.gold.read.balanceOf([f.deployment.farmVault]);
      const freeStart = await reader.vault.read.freeReserve();
      const goldStart = await Promise.all(actors.map((a) => reader.gold.read.balanceOf([a.account.address])));
      const counter = { next: 0 };
      const tally = new Map<string, number>();

      await fc.assert(
        fc.asyncProperty(
          fc.array(submit, { minLength: 1, maxLength: 3 }),
          fc.array(fundingInvestment, { minLength: 1, maxLength: 3 }),
          fc.array(action, { minLength: 6, maxLength: 20 }),
          async (opening, funding, rest) => {
            // Each run opens with invoices submitted, approved and (often) funded, so defaults are reachable.
            const approvals = opening.map((): Action => ({ kind: "approve", invoice: 0 }));
            const snapshot = await f.testClient.snapshot();
            sender.reset();
            try {
              const model = new Model();
              model.vaultStart = vaultStart;
              model.freeStart = freeStart;
              model.goldStart = goldStart;
              let now = (await f.publicClient.getBlock({ blockTag: "latest" })).timestamp;
              for (const act of [...opening, ...approvals, ...funding, ...rest]) {
                const outcome = await step(f, sender, model, actors, act, counter, now);
                if (outcome === "skipped") continue;
                tally.set(`${act.kind}:${outcome}`, (tally.get(`${act.kind}:${outcome}`) ?? 0) + 1);
                now = await checkInvariants(f, model, actors);
              }
            } finally {
              await f.testClient.revert({ id: snapshot });
            }
          },
        ),
        { numRuns: runs },
      );
      // The attacks must actually happen, or the invariants would hold trivially.
      for (const key of [
        "invest:ok",
        "invest:InvestorIsFarmer",
        "invest:InvestmentBelowMinimum",
        "approve:ReservationAboveLimit",
        "markDefaulted:ok",
        "settleDefault:ok",
        "repay:ok",
      ]) {
        if (runs >= 200) expect(tally.get(key) ?? 0, key).toBeGreaterThan(0);
      }
    }, 900_000);
  });
}
