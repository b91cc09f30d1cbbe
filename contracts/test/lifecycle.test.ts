import { harvestPayout, ONE_GOLD } from "@farm/core";
import { maxUint256, parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, investorOf, useFarm, type Wallet } from "./support/farm";
import { expectRevert, outcomeOf } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);

async function harvested(who: Wallet, tokenId: bigint) {
  const f = farm();
  const receipt = await f.mined(f.as(who).nft.write.harvest([tokenId]));
  const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" });
  if (!event) throw new Error("no Harvested event");
  return event.args;
}

describe("invoice lifecycle", () => {
  it("happy path: funded, repaid with fee, harvested by all holders; the vault ends where it started", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const vaultStart = await f.goldOf(f.deployment.farmVault);
    const farmerStart = await f.goldOf(f.farmer.account.address);
    const tokenId = await f.open({ amount: 777n * ONE_GOLD + 3n, yieldBps: 1234, tenorDays: 185 });
    await f.invest(alice, tokenId, 500n * ONE_GOLD + 1n);
    await f.invest(bob, tokenId, 277n * ONE_GOLD + 2n);
    expect(await f.goldOf(f.farmer.account.address)).toBe(farmerStart + 777n * ONE_GOLD + 3n);
    const due = await f.as(f.farmer).nft.read.amountDue([tokenId]);
    await f.repay(tokenId, due);
    await f.advance(185n * DAY);
    const a = await harvested(alice, tokenId);
    const b = await harvested(bob, tokenId);
    expect(a.principal + b.principal).toBe(777n * ONE_GOLD + 3n);
    expect(a.yield + b.yield + 777n * ONE_GOLD + 3n).toBe(due);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
    expect(await f.goldOf(f.deployment.farmVault)).toBe(vaultStart);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(0n);
    expect(await f.goldOf(f.farmer.account.address)).toBe(farmerStart + 777n * ONE_GOLD + 3n - due);
  });

  it("reject path: a rejected invoice never takes money", async () => {
    const f = farm();
    const tokenId = await f.submit();
    await f.mined(f.as(f.admin).nft.write.rejectInvoice([tokenId, "documents do not match"]));
    await expectRevert(f.invest(investor(0), tokenId, ONE_GOLD), "InvoiceNotOpenForFunding");
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("cancel and refund path: every holder gets exactly their principal back and all yield is released", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const [alice, bob] = [investor(0), investor(1)];
    const starts = [await f.goldOf(alice.account.address), await f.goldOf(bob.account.address)];
    const tokenId = await f.open({
      amount: 1_000n * ONE_GOLD + 7n,
      yieldBps: 2999,
      tenorDays: 365,
      fundingDays: 3n,
    });
    await f.invest(alice, tokenId, 333n * ONE_GOLD + 1n);
    await f.invest(bob, tokenId, 334n * ONE_GOLD);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(((1_000n * ONE_GOLD + 7n) * 2999n) / 10_000n);
    await f.advance(3n * DAY + 1n);
    await f.mined(f.as(f.stranger).nft.write.cancelExpired([tokenId]));
    await f.mined(f.as(alice).nft.write.refund([tokenId]));
    await f.mined(f.as(bob).nft.write.refund([tokenId]));
    expect([await f.goldOf(alice.account.address), await f.goldOf(bob.account.address)]).toEqual(starts);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(0n);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("default path: partial repayment, default, recovery, settlement; holders share what came in pro rata", async () => {
    const f = farm();
    const [alice, bob, carol] = [investor(0), investor(1), investor(2)];
    const amount = 900n * ONE_GOLD;
    const tokenId = await f.open({ amount, yieldBps: 800, tenorDays: 120 });
    await f.invest(alice, tokenId, 300n * ONE_GOLD);
    await f.invest(bob, tokenId, 300n * ONE_GOLD);
    await f.invest(carol, tokenId, 300n * ONE_GOLD);
    await f.repay(tokenId, 100n * ONE_GOLD);
    await f.advance(150n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    await f.repay(tokenId, 830n * ONE_GOLD + 1n);
    await f.advance(30n * DAY);
    await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
    let redeemed = 0n;
    for (const holder of [alice, bob, carol]) {
      const event = await harvested(holder, tokenId);
      const expected = harvestPayout({
        status: "settled",
        shares: 300n * ONE_GOLD,
        redeemedBefore: redeemed,
        yieldBps: 800,
        funded: amount,
        amount,
        repaid: 930n * ONE_GOLD + 1n,
      });
      expect({ principal: event.principal, yield: event.yield }).toEqual(expected);
      redeemed += 300n * ONE_GOLD;
    }
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(0n);
  });

  it("transferred shares are harvested by their new holder; the old holder keeps only what is left", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1000, tenorDays: 150 });
    await f.invest(alice, tokenId, 1_000n * ONE_GOLD);
    await f.mined(
      f
        .as(alice)
        .nft.write.safeTransferFrom([
          alice.account.address,
          bob.account.address,
          tokenId,
          400n * ONE_GOLD,
          "0x",
        ]),
    );
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    await f.advance(150n * DAY);
    const bobBefore = await f.goldOf(bob.account.address);
    const bobHarvest = await harvested(bob, tokenId);
    expect(bobHarvest).toMatchObject({
      shares: 400n * ONE_GOLD,
      principal: 400n * ONE_GOLD,
      yield: 40n * ONE_GOLD,
    });
    expect(await f.goldOf(bob.account.address)).toBe(bobBefore + 440n * ONE_GOLD);
    expect(await harvested(alice, tokenId)).toMatchObject({
      shares: 600n * ONE_GOLD,
      principal: 600n * ONE_GOLD,
      yield: 60n * ONE_GOLD,
    });
    await expectRevert(f.as(bob).nft.write.harvest([tokenId]), "NoSharesToRedeem");
  });
});

describe("lifecycle transitions", () => {
  it("allows every transition of the diagram from its state and refuses every other one", async () => {
    const f = farm();
    const alice = investor(0);
    const admin = f.as(f.admin).nft;
    await f.mined(f.as(alice).gold.write.approve([f.deployment.farmNft, maxUint256]));
    await f.mined(f.as(f.farmer).gold.write.approve([f.deployment.farmNft, maxUint256]));
    await f.mined(admin.write.setGraceDays([7]));
    const fill = async (tenorDays: number, fundingDays = 7n) => {
      const id = await f.open({ amount: 100n * ONE_GOLD, tenorDays, fundingDays });
      await f.mined(f.as(alice).nft.write.invest([id, 100n * ONE_GOLD]));
      return id;
    };

    const cancelled = await f.open({ amount: 100n * ONE_GOLD, fundingDays: 1n });
    await f.mined(f.as(alice).nft.write.invest([cancelled, 10n * ONE_GOLD]));
    const defaulted = await fill(7);
    const settled = await fill(7);
    await f.advance(15n * DAY);
    await f.mined(admin.write.cancelExpired([cancelled]));
    await f.mined(admin.write.markDefaulted([settled]));
    await f.advance(30n * DAY);
    await f.mined(admin.write.settleDefault([settled]));
    // Declared after the other's window: its own recovery window is still open.
    await f.mined(admin.write.markDefaulted([defaulted]));
    const pending = await f.submit();
    const approved = await f.open({ amount: 100n * ONE_GOLD });
    await f.mined(f.as(alice).nft.write.invest([approved, 10n * ONE_GOLD]));
    const rejected = await f.submit();
    await f.mined(admin.write.rejectInvoice([rejected, "no"]));
    const funded = await fill(30);
    const repaid = await fill(30);
    await f.mined(f.as(f.farmer).nft.write.repay([repaid, 110n * ONE_GOLD]));

    const states = { pending, approved, rejected, funded, repaid, cancelled, defaulted, settled };
    for (const [name, id] of Object.entries(states)) {
      expect((await f.invoice(id)).status, name).toBe(
        InvoiceStatus[(name.charAt(0).toUpperCase() + name.slice(1)) as keyof typeof InvoiceStatus],
      );
    }
    const actions = {
      approveInvoice: (id: bigint) => admin.simulate.approveInvoice([id], { account: f.admin.account }),
      rejectInvoice: (id: bigint) => admin.simulate.rejectInvoice([id, "x"], { account: f.admin.account }),
      invest: (id: bigint) => f.as(alice).nft.simulate.invest([id, ONE_GOLD], { account: alice.account }),
      cancelExpired: (id: bigint) =>
        f.as(f.stranger).nft.simulate.cancelExpired([id], { account: f.stranger.account }),
      repay: (id: bigint) => f.as(f.farmer).nft.simulate.repay([id, 1n], { account: f.farmer.account }),
      harvest: (id: bigint) => f.as(alice).nft.simulate.harvest([id], { account: alice.account }),
      refund: (id: bigint) => f.as(alice).nft.simulate.refund([id], { account: alice.account }),
      markDefaulted: (id: bigint) => admin.simulate.markDefaulted([id], { account: f.admin.account }),
      settleDefault: (id: bigint) => admin.simulate.settleDefault([id], { account: f.admin.account }),
    };
    const matrix: Record<string, Record<string, string>> = {};
    for (const [state, id] of Object.entries(states)) {
      matrix[state] = {};
      for (const [action, call] of Object.entries(actions)) {
        (matrix[state] as Record<string, string>)[action] = await outcomeOf(call(id));
      }
    }
    const refusedBy = {
      approveInvoice: "InvoiceNotPending",
      rejectInvoice: "InvoiceNotPending",
      invest: "InvoiceNotOpenForFunding",
      cancelExpired: "InvoiceNotOpenForFunding",
      repay: "InvoiceNotRepayable",
      harvest: "InvoiceNotHarvestable",
      refund: "InvoiceNotCancelled",
      markDefaulted: "InvoiceNotFunded",
      settleDefault: "InvoiceNotDefaulted",
    };
    // Allowed transitions either succeed now or wait for time (the deadline, maturity or grace period).
    const allowed: Record<string, Record<string, string>> = {
      pending: { approveInvoice: "ok", rejectInvoice: "ok" },
      approved: { invest: "ok", cancelExpired: "FundingStillOpen" },
      rejected: {},
      funded: { repay: "ok", markDefaulted: "GracePeriodNotOver" },
      repaid: { harvest: "HarvestBeforeMaturity" },
      cancelled: { refund: "ok" },
      defaulted: { repay: "ok", settleDefault: "RecoveryWindowOpen" },
      settled: { harvest: "ok" },
    };
    const expected = Object.fromEntries(
      Object.keys(states).map((state) => [
        state,
        Object.fromEntries(
          Object.entries(refusedBy).map(([action, error]) => [action, allowed[state]?.[action] ?? error]),
        ),
      ]),
    );
    expect(matrix).toEqual(expected);
  });
});
