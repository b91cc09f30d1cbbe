import { DEFAULT_MAX_DAILY_FEE } from "@farm/core";
import fc from "fast-check";
import { maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import {
  type Action,
  action,
  CLUSTER,
  fundingInvestment,
  GRACE_DAYS,
  RECOVERY_DAYS,
  RESERVATION_LIMIT_BPS,
  submit,
  withdrawalAndLateRecovery,
} from "./adversarial-actions";
import {
  checkCredentials,
  LIMIT_BOUND,
  LIMIT_BOUND_ACTOR,
  type ModelCredential,
  readCredentials,
} from "./adversarial-credentials";
import { marketAction, TRADE_FEE_BPS, tradingThroughDefault } from "./adversarial-market";
import { FastSender, Model } from "./adversarial-model";
import { step } from "./adversarial-step";
import { type Farm, useFarm, type Wallet } from "./farm";

// Random sequences in which a farmer tries to take money out of the vault: it invests in its own invoices through
// sybil addresses it controls, repays in part or not at all, and the admin defaults, settles (inside and after the
// recovery window, with recoveries before and after the default) and withdraws open invoices at random, beside an
// honest farmer, honest investors and a buyer who repays. After every step the chain must agree with a model and
// with the two money invariants of the corrected model:
//   1. the vault's GOLD never falls except by yield paid on invoices whose fee was paid in (so its free reserve,
//      counting the reservations of live invoices as free, never ends below where it started);
//   2. no group of addresses gains on an invoice more than what others put into that invoice and did not get back:
//      the sum of everybody's gains on one invoice is never positive, so a farmer and its sybils who fund their own
//      invoice end with at most what they put in;
//   3. no GOLD is created or destroyed, and what FarmNFT holds is exactly what the holders' shares can claim;
//   4. no unverified, frozen or expired wallet gains shares, and none holds more than its limit;
//   5. a fee above the cap never reaches the chain: every stored invoice's terms are within it;
//   6. trading on the seed market (./adversarial-market.ts) moves GOLD only between buyer, seller and the fee
//      recipient and shares only between holders: the market keeps neither, and holders are paid exactly after it.
// Each step sends raw signed transactions with local nonces (two RPCs each), so 1,000 sequences run in CI: two test
// files run half each, on their own anvil, in parallel (invariants.adversarial-{a,b}.property.test.ts).
/** Receives the market fee in the adversarial runs: a verified wallet that is none of the actors. */
const FEE_RECIPIENT = (f: Farm) => f.wallet(8).account.address;

/** Invariant 5: every invoice FarmNFT stores (not only the model's) charges at most maxDailyFee x tenor. */
async function checkFeeCap(f: Farm, model: Model, invoiceCount: bigint): Promise<void> {
  const reader = f.as(f.admin);
  expect(invoiceCount, "every stored invoice is one the model submitted").toBe(BigInt(model.invoices.length));
  const ids = Array.from({ length: Number(invoiceCount) }, (_, i) => BigInt(i + 1));
  const stored = await Promise.all(ids.map((id) => reader.nft.read.getInvoice([id])));
  for (const invoice of stored) {
    const within = invoice.yieldBps * 100 <= DEFAULT_MAX_DAILY_FEE * invoice.tenorDays;
    expect(within, `invoice of ${invoice.yieldBps} bps over ${invoice.tenorDays} days`).toBe(true);
  }
}

/** Checks the invariants after a step and returns the chain's time for the next one (one batched request). */
async function checkInvariants(f: Farm, model: Model, actors: Wallet[], feesStart: bigint): Promise<bigint> {
  const reader = f.as(f.admin);
  const [block, invoiceCount, vaultGold, reserved, free, nftGold, marketGold, fees, ...golds] =
    await Promise.all([
      f.publicClient.getBlock({ blockTag: "latest" }),
      reader.nft.read.invoiceCount(),
      reader.gold.read.balanceOf([f.deployment.farmVault]),
      reader.vault.read.reserved(),
      reader.vault.read.freeReserve(),
      reader.gold.read.balanceOf([f.deployment.farmNft]),
      reader.gold.read.balanceOf([f.deployment.farmMarket]),
      reader.gold.read.balanceOf([FEE_RECIPIENT(f)]),
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
    held -= total + invoice.feeIn - invoice.yieldOut + invoice.tradeFees;
  }
  // What FarmNFT holds is exactly what the participants put in and the vault passed on, not yet paid out, and
  // exactly what the holders of every invoice's outstanding shares can claim: nothing missing, nothing stuck.
  expect(nftGold).toBe(held);
  expect(nftGold).toBe(model.invoices.reduce((sum, i) => sum + model.claimsOf(i), 0n));
  // No GOLD created or destroyed: the actors, the vault, FarmNFT and the market's fee recipient hold together what
  // they held at the start; the fee recipient got exactly the trades' fees, and the market holds nothing.
  const tradeFees = model.invoices.reduce((sum, i) => sum + i.tradeFees, 0n);
  expect(fees - feesStart, "market fees").toBe(tradeFees);
  expect(marketGold, "GOLD left in the market").toBe(0n);
  const together = golds.reduce((a, b) => a + b, vaultGold + nftGold + tradeFees);
  expect(together).toBe(model.goldStart.reduce((a, b) => a + b, model.vaultStart));
  // 4. No unverified, frozen or expired wallet gains shares, none goes above its limit, counters match balances.
  await checkCredentials(f, actors, (actor) => model.holdings(actor), model.outstanding, block.timestamp);
  await checkFeeCap(f, model, invoiceCount);
  return block.timestamp;
}

/** One share of the adversarial sequences, on its own chain (`useFarm` starts an anvil for the suite). */
/**
 * `seed` fixes fast-check's draw, so a run is the same on every machine and day: the coverage checks below (every
 * attack must happen) would otherwise fail by luck now and then. FARM_ADVERSARIAL_SEED explores other sequences.
 */
export function describeAdversarialRuns(share: string, runs: number, seed: number): void {
  describe(`FarmNFT against a farmer with sybil addresses (${share})`, () => {
    const farm = useFarm();
    it(`never lets anyone take GOLD from the vault that no fee paid in (${runs} random sequences)`, async () => {
      const f = farm();
      const actors = [f.farmer, f.wallet(5), f.wallet(6), f.wallet(3), f.wallet(4), f.wallet(7), f.stranger];
      await f.mined(f.as(f.admin).nft.write.setGraceDays([GRACE_DAYS]));
      await f.mined(f.as(f.admin).nft.write.setRecoveryDays([RECOVERY_DAYS]));
      await f.mined(f.as(f.admin).nft.write.setReservationLimit([RESERVATION_LIMIT_BPS]));
      // The farmer and the buyer start unverified (the fixture verifies investors only); one investor is bound.
      const limited = (actors[LIMIT_BOUND_ACTOR] as Wallet).account.address;
      await f.mined(f.as(f.admin).nft.write.setCredential([limited, 2, 2 ** 40 - 1, LIMIT_BOUND]));
      const credentialStart: ModelCredential[] = await readCredentials(f, actors);
      for (const actor of actors) {
        await f.mined(f.as(actor).gold.write.approve([f.deployment.farmNft, maxUint256]));
        // Every actor may trade: the market moves its GOLD and its shares.
        await f.mined(f.as(actor).gold.write.approve([f.deployment.farmMarket, maxUint256]));
        await f.mined(f.as(actor).nft.write.setApprovalForAll([f.deployment.farmMarket, true]));
      }
      await f.mined(f.as(f.admin).market.write.setFee([TRADE_FEE_BPS, FEE_RECIPIENT(f)]));
      const feesStart = await f.as(f.admin).gold.read.balanceOf([FEE_RECIPIENT(f)]);
      const sender = new FastSender(f);
      await sender.init([...actors, f.admin, f.operator]);
      const reader = f.as(f.admin);
      const vaultStart = await reader.gold.read.balanceOf([f.deployment.farmVault]);
      const freeStart = await reader.vault.read.freeReserve();
      const goldStart = await Promise.all(actors.map((a) => reader.gold.read.balanceOf([a.account.address])));
      const counter = { next: 0, moments: new Map<string, number>() };
      const tally = new Map<string, number>();

      await fc.assert(
        fc.asyncProperty(
          fc.array(submit, { minLength: 1, maxLength: 3 }),
          fc.array(fundingInvestment, { minLength: 1, maxLength: 3 }),
          fc.array(fc.oneof({ weight: 8, arbitrary: action }, { weight: 3, arbitrary: marketAction }), {
            minLength: 6,
            maxLength: 20,
          }),
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
              model.credentials = credentialStart.map((c) => ({ ...c }));
              model.outstanding = actors.map(() => 0n);
              let now = (await f.publicClient.getBlock({ blockTag: "latest" })).timestamp;
              for (const act of [...opening, ...approvals, ...funding, ...rest]) {
                const outcome = await step(f, sender, model, actors, act, counter, now);
                if (outcome === "skipped") continue;
                tally.set(`${act.kind}:${outcome}`, (tally.get(`${act.kind}:${outcome}`) ?? 0) + 1);
                now = await checkInvariants(f, model, actors, feesStart);
              }
            } finally {
              await f.testClient.revert({ id: snapshot });
            }
          },
        ),
        {
          numRuns: runs,
          seed: Number(process.env.FARM_ADVERSARIAL_SEED ?? seed),
          examples: [withdrawalAndLateRecovery, tradingThroughDefault],
        },
      );
      // The attacks must actually happen, or the invariants would hold trivially.
      for (const key of [
        "invest:ok",
        "invest:InvestorIsFarmer",
        "invest:InvestmentBelowMinimum",
        "approve:ReservationAboveLimit",
        "markDefaulted:ok",
        "settleDefault:ok",
        "settleDefault:RecoveryWindowOpen",
        "withdraw:ok",
        "withdraw:ReasonRequired",
        "refund:ok",
        "repay:ok",
        "invest:ReceiverNotVerified",
        "invest:PrincipalLimitExceeded",
        "invest:WalletFrozen",
        "credential:ok",
        "submit:FeeAboveCap",
        "list:ok",
        "offer:ok",
        "sybilTrade:ok",
        "sybilTrade:ReceiverNotVerified",
        "refill:ok",
        "refill:OrderOverfilled",
        "cancelOrder:ok",
        "list:InvoiceNotTradable",
      ]) {
        if (runs >= 200) expect(tally.get(key) ?? 0, key).toBeGreaterThan(0);
      }
      // Trades before maturity, in the grace period and after a default all happened.
      for (const moment of ["trade:term", "trade:grace", "trade:defaulted"]) {
        if (runs >= 200) expect(counter.moments.get(moment) ?? 0, moment).toBeGreaterThan(0);
      }
      // Expiry and frozen senders are rarer: they must show up on some share movement.
      for (const error of ["CredentialExpired", "WalletFrozen"]) {
        const seen = [...tally.keys()].some((key) => key.endsWith(`:${error}`));
        if (runs >= 200) expect(seen, error).toBe(true);
      }
    }, 900_000);
  });
}
