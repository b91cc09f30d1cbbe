import { financingFee, ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, useFarm, type Wallet } from "./support/farm";
import { expectRevert } from "./support/revert";

// The attacks found on the first version of the contracts, each replayed on this one: none may profit.
const farm = useFarm();

/** What the vault, the farmer and its sybil addresses hold, to compare before and after an attack. */
async function holdings(addresses: `0x${string}`[]) {
  const f = farm();
  const [free, vaultGold, ...golds] = await Promise.all([
    f.as(f.admin).vault.read.freeReserve(),
    f.goldOf(f.deployment.farmVault),
    ...addresses.map((a) => f.goldOf(a)),
  ]);
  return { free, vaultGold, cluster: golds.reduce((a, b) => a + b, 0n) };
}

/** Funds `tokenId` in full from `funders` in equal parts (the last one takes the rest). */
async function fundFrom(tokenId: bigint, amount: bigint, funders: Wallet[]) {
  const f = farm();
  const part = amount / BigInt(funders.length);
  for (const [i, funder] of funders.entries()) {
    await f.invest(funder, tokenId, i === funders.length - 1 ? amount - part * BigInt(i) : part);
  }
}

async function defaultAndSettle(tokenId: bigint) {
  const f = farm();
  const { maturity, graceDays } = await f.invoice(tokenId);
  await f.advance(maturity + BigInt(graceDays) * DAY - (await f.now()) + 1n);
  await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
  await f.advance(30n * DAY);
  await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
}

describe("attacks on the money model", () => {
  it("a farmer who funds its own 10,000 GOLD invoice at 30 % from a second address and defaults gains nothing", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const sybil = f.wallet(8);
    const cluster = [f.farmer.account.address, sybil.account.address];
    const before = await holdings(cluster);
    const tokenId = await f.open({ amount: 10_000n * ONE_GOLD, yieldBps: 3000, tenorDays: 365 });
    await f.invest(sybil, tokenId, 10_000n * ONE_GOLD);
    await defaultAndSettle(tokenId);
    await f.mined(f.as(sybil).nft.write.harvest([tokenId]));
    const after = await holdings(cluster);
    expect(after.cluster).toBe(before.cluster);
    expect(after.free).toBe(before.free);
    expect(after.vaultGold).toBe(before.vaultGold);
  });

  it("sybil funding through several addresses with a partial repayment returns only what was repaid", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const sybils = [f.wallet(6), f.wallet(7), f.wallet(8)];
    const cluster = [f.farmer.account.address, ...sybils.map((s) => s.account.address)];
    const before = await holdings(cluster);
    const tokenId = await f.open({ amount: 9_000n * ONE_GOLD, yieldBps: 3000, tenorDays: 365 });
    await fundFrom(tokenId, 9_000n * ONE_GOLD, sybils);
    // Principal and part of the fee are paid back, the rest never.
    await f.repay(tokenId, 9_500n * ONE_GOLD);
    await defaultAndSettle(tokenId);
    for (const sybil of sybils) await f.mined(f.as(sybil).nft.write.harvest([tokenId]));
    const after = await holdings(cluster);
    expect(after.cluster).toBe(before.cluster);
    expect(after.free).toBe(before.free);
  });

  it("the farmer's own address cannot invest in its invoice", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    await expectRevert(f.invest(f.farmer, tokenId, 1_000n * ONE_GOLD), "InvestorIsFarmer", [
      tokenId,
      f.farmer.account.address,
    ]);
  });

  it("a 3.3M GOLD invoice cannot reserve the vault, and the largest allowed one leaves the rest fundable", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const huge = await f.submit({ amount: 3_300_000n * ONE_GOLD, yieldBps: 3000, tenorDays: 365 });
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([huge]), "ReservationAboveLimit");
    const free = await f.as(f.admin).vault.read.freeReserve();
    // The largest invoice allowed reserves a quarter of the free reserve; it is self-funded and defaulted.
    const amount = (((free * 2500n) / 10_000n) * 10_000n) / 3000n;
    const sybil = f.wallet(8);
    await f.mined(f.as(f.admin).gold.write.mint([sybil.account.address, amount]));
    const big = await f.open({ amount, yieldBps: 3000, tenorDays: 365 });
    expect(await f.as(f.admin).vault.read.reserved()).toBe(financingFee(amount, 3000));
    await f.invest(sybil, big, amount);
    // Another farmer's invoices can still be approved and funded to their targets meanwhile.
    for (let i = 0; i < 3; i += 1) {
      const small = await f.open({ amount: 20_000n * ONE_GOLD, yieldBps: 3000, tenorDays: 365 });
      await f.invest(f.investors[0] as Wallet, small, 20_000n * ONE_GOLD);
      expect((await f.invoice(small)).status).toBe(InvoiceStatus.Funded);
    }
    await defaultAndSettle(big);
    expect(await f.as(f.admin).vault.read.freeReserve()).toBeGreaterThanOrEqual(
      free - 3n * financingFee(20_000n * ONE_GOLD, 3000),
    );
  });

  it("1-wei dust is refused, so it can neither farm XP nor front-run a filling investment into a revert", async () => {
    const f = farm();
    const [victim, attacker] = [f.investors[0] as Wallet, f.investors[1] as Wallet];
    const tokenId = await f.open({ amount: 100n * ONE_GOLD });
    await expectRevert(f.invest(attacker, tokenId, 1n), "InvestmentBelowMinimum", [tokenId, 1n, ONE_GOLD]);
    // A front-run of the minimum still leaves the victim's filling investment whole: it takes what is left.
    await f.invest(attacker, tokenId, ONE_GOLD);
    await f.invest(victim, tokenId, 100n * ONE_GOLD);
    expect(await f.sharesOf(victim.account.address, tokenId)).toBe(99n * ONE_GOLD);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Funded);
  });

  it("the grace period cannot be cut to zero, nor shortened for an invoice already funded", async () => {
    const f = farm();
    await expectRevert(f.as(f.admin).nft.write.setGraceDays([0]), "GraceDaysOutOfRange", [0]);
    const tokenId = await f.open({ amount: 100n * ONE_GOLD, tenorDays: 7 });
    await f.invest(f.investors[0] as Wallet, tokenId, 100n * ONE_GOLD);
    await f.mined(f.as(f.admin).nft.write.setGraceDays([7]));
    const { maturity } = await f.invoice(tokenId);
    await f.advance(maturity - (await f.now()) + 1n);
    await expectRevert(f.as(f.admin).nft.write.markDefaulted([tokenId]), "GracePeriodNotOver");
    await f.repay(tokenId, 110n * ONE_GOLD);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
  });

  it("a pause freezes no exit: repay, harvest, cancel and refund all go through", async () => {
    const f = farm();
    const investor = f.investors[0] as Wallet;
    const repaid = await f.open({ amount: 100n * ONE_GOLD, tenorDays: 7 });
    await f.invest(investor, repaid, 100n * ONE_GOLD);
    const expiring = await f.open({ amount: 100n * ONE_GOLD, fundingDays: 1n });
    await f.invest(investor, expiring, 50n * ONE_GOLD);
    await f.mined(f.as(f.admin).nft.write.pause());
    await f.repay(repaid, 110n * ONE_GOLD);
    await f.advance(8n * DAY);
    await f.mined(f.as(investor).nft.write.harvest([repaid]));
    await f.mined(f.as(f.stranger).nft.write.cancelExpired([expiring]));
    await f.mined(f.as(investor).nft.write.refund([expiring]));
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });
});
