import { ONE_GOLD } from "@farm/core";
import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { InvoiceStatus } from "../src/invoice-status";
import { roles } from "../src/roles";
import { DAY, investorOf, useFarm, type Wallet } from "./support/farm";
import { signGoldPermit } from "./support/permit";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);

/** A Funded invoice of 1,000 GOLD at 10 % over 150 days (within the 0.067 %/day fee cap), 600 from investor 0 and 400
 *  from investor 1. */
async function fundedInvoice() {
  const f = farm();
  const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1000, tenorDays: 150 });
  await f.invest(investor(0), tokenId, 600n * ONE_GOLD);
  await f.invest(investor(1), tokenId, 400n * ONE_GOLD);
  return tokenId;
}

describe("FarmNFT.repay", () => {
  it("takes principal first into FarmNFT, then the fee through the vault, in parts, until Repaid", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    const nft = f.as(f.admin).nft;
    expect(await nft.read.amountDue([tokenId])).toBe(1_100n * ONE_GOLD);
    const vaultBefore = await f.goldOf(f.deployment.farmVault);

    const first = await f.repay(tokenId, 700n * ONE_GOLD);
    expect(parseEventLogs({ abi: farmNftAbi, logs: first.logs, eventName: "Repaid" })[0]?.args).toEqual({
      tokenId,
      payer: f.farmer.account.address,
      amount: 700n * ONE_GOLD,
      totalRepaid: 700n * ONE_GOLD,
      fullyRepaid: false,
    });
    expect(await f.goldOf(f.deployment.farmNft)).toBe(700n * ONE_GOLD);
    expect(await nft.read.amountDue([tokenId])).toBe(400n * ONE_GOLD);

    const second = await f.repay(tokenId, 400n * ONE_GOLD, f.stranger);
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: second.logs, eventName: "Repaid" })[0]?.args,
    ).toMatchObject({
      payer: f.stranger.account.address,
      amount: 400n * ONE_GOLD,
      totalRepaid: 1_100n * ONE_GOLD,
      fullyRepaid: true,
    });
    // The fee went to the vault, which paid the invoice's reserved yield to FarmNFT for the holders.
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: second.logs, eventName: "YieldWithdrawn" })[0]?.args,
    ).toEqual({ tokenId, to: f.deployment.farmNft, amount: 100n * ONE_GOLD });
    expect(await f.goldOf(f.deployment.farmNft)).toBe(1_100n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmVault)).toBe(vaultBefore);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
    expect(await nft.read.amountDue([tokenId])).toBe(0n);
  });

  it("takes only what is still due and leaves the excess with the payer", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    const before = await f.goldOf(f.farmer.account.address);
    const receipt = await f.repay(tokenId, 5_000n * ONE_GOLD);
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Repaid" })[0]?.args.amount).toBe(
      1_100n * ONE_GOLD,
    );
    expect(await f.goldOf(f.farmer.account.address)).toBe(before - 1_100n * ONE_GOLD);
  });

  it("rejects a zero repayment and repayments of invoices that are not Funded or Defaulted", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await expectRevert(f.as(f.farmer).nft.write.repay([tokenId, 0n]), "ZeroAmount");
    const open = await f.open();
    await expectRevert(f.repay(open, 1n), "InvoiceNotRepayable", [open, InvoiceStatus.Approved]);
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    await expectRevert(f.repay(tokenId, 1n), "InvoiceNotRepayable", [tokenId, InvoiceStatus.Repaid]);
  });

  it("goes on while paused, also with a permit", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.mined(f.as(f.admin).nft.write.pause());
    await f.repay(tokenId, 500n * ONE_GOLD);
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, f.farmer, 600n * ONE_GOLD, deadline);
    await f.mined(f.as(f.farmer).nft.write.repayWithPermit([tokenId, 600n * ONE_GOLD, deadline, v, r, s]));
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
  });
});

describe("FarmNFT.harvest", () => {
  it("pays principal and yield in one transfer at maturity, burning the shares", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    const { maturity } = await f.invoice(tokenId);
    await f.advance(maturity - (await f.now()));
    expect(await f.as(alice).nft.read.previewHarvest([tokenId, alice.account.address])).toEqual([
      600n * ONE_GOLD,
      60n * ONE_GOLD,
    ]);
    const before = await f.goldOf(alice.account.address);
    const receipt = await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" })[0]?.args).toEqual({
      tokenId,
      holder: alice.account.address,
      shares: 600n * ONE_GOLD,
      principal: 600n * ONE_GOLD,
      yield: 60n * ONE_GOLD,
    });
    expect(parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs })).toEqual([]);
    expect(await f.goldOf(alice.account.address)).toBe(before + 660n * ONE_GOLD);
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(0n);
    expect((await f.invoice(tokenId)).redeemedShares).toBe(600n * ONE_GOLD);
  });

  it("rejects a second harvest of the same shares", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    await f.advance(151n * DAY);
    await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    await expectRevert(f.as(alice).nft.write.harvest([tokenId]), "NoSharesToRedeem", [
      tokenId,
      alice.account.address,
    ]);
  });

  it("rejects harvesting before maturity even when repaid early", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    const { maturity } = await f.invoice(tokenId);
    await expectRevert(f.as(investor(0)).nft.write.harvest([tokenId]), "HarvestBeforeMaturity", [
      tokenId,
      maturity,
    ]);
  });

  it("rejects harvesting before repayment, even after maturity", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 1_000n * ONE_GOLD);
    await f.advance(151n * DAY);
    await expectRevert(f.as(investor(0)).nft.write.harvest([tokenId]), "InvoiceNotHarvestable", [
      tokenId,
      InvoiceStatus.Funded,
    ]);
  });

  it("goes on while paused: exits are never frozen", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 1_100n * ONE_GOLD);
    await f.advance(151n * DAY);
    await f.mined(f.as(f.admin).nft.write.pause());
    await f.mined(f.as(investor(0)).nft.write.harvest([tokenId]));
    expect(await f.sharesOf(investor(0).account.address, tokenId)).toBe(0n);
  });
});

describe("FarmNFT.markDefaulted and settleDefault", () => {
  it("defaults an unpaid invoice only after maturity plus the grace period", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 250n * ONE_GOLD);
    const { maturity } = await f.invoice(tokenId);
    const defaultableAt = maturity + 30n * DAY;
    await f.advance(maturity - (await f.now()) + 29n * DAY);
    await expectRevert(f.as(f.admin).nft.write.markDefaulted([tokenId]), "GracePeriodNotOver", [
      tokenId,
      defaultableAt,
    ]);
    await f.advance(defaultableAt - (await f.now()));
    const receipt = await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceDefaulted" })[0]?.args,
    ).toEqual({
      tokenId,
      repaidSoFar: 250n * ONE_GOLD,
      settleableAt:
        (await f.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp + 30n * DAY,
    });
    expect(await f.invoice(tokenId)).toMatchObject({
      status: InvoiceStatus.Defaulted,
      recovered: 250n * ONE_GOLD,
    });
  });

  it("keeps the grace period an invoice was funded with when the admin shortens it later", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await f.mined(f.as(f.admin).nft.write.setGraceDays([7]));
    const { maturity, graceDays } = await f.invoice(tokenId);
    expect(graceDays).toBe(30);
    await f.advance(maturity - (await f.now()) + 8n * DAY);
    await expectRevert(f.as(f.admin).nft.write.markDefaulted([tokenId]), "GracePeriodNotOver", [
      tokenId,
      maturity + 30n * DAY,
    ]);
    // A repayment a day after the shortened grace would have ended is still taken (with 8 days' late fee).
    const due = await f.as(f.admin).nft.read.amountDue([tokenId]);
    expect(due).toBe(1_100n * ONE_GOLD + (1_000n * ONE_GOLD * 1000n * 8n) / (150n * 10_000n));
    await f.repay(tokenId, due);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
    // Invoices funded after the change get the new grace.
    const later = await fundedInvoice();
    expect((await f.invoice(later)).graceDays).toBe(7);
  });

  it("bounds the grace period between a week and 180 days", async () => {
    const f = farm();
    const nft = f.as(f.admin).nft;
    await expectRevert(nft.write.setGraceDays([0]), "GraceDaysOutOfRange", [0]);
    await expectRevert(nft.write.setGraceDays([6]), "GraceDaysOutOfRange", [6]);
    await expectRevert(nft.write.setGraceDays([181]), "GraceDaysOutOfRange", [181]);
    const receipt = await f.mined(nft.write.setGraceDays([180]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "GraceDaysUpdated" })[0]?.args,
    ).toEqual({ graceDays: 180 });
    expect(await nft.read.graceDays()).toBe(180);
    await expectRevert(f.as(f.stranger).nft.write.setGraceDays([10]), "AccessControlUnauthorizedAccount");
  });

  it("rejects defaulting an invoice that is not Funded, and callers without ADMIN_ROLE", async () => {
    const f = farm();
    const open = await f.open();
    await expectRevert(f.as(f.admin).nft.write.markDefaulted([open]), "InvoiceNotFunded", [
      open,
      InvoiceStatus.Approved,
    ]);
    const repaid = await fundedInvoice();
    await f.repay(repaid, 1_100n * ONE_GOLD);
    await f.advance(200n * DAY);
    await expectRevert(f.as(f.admin).nft.write.markDefaulted([repaid]), "InvoiceNotFunded", [
      repaid,
      InvoiceStatus.Repaid,
    ]);
    const unpaid = await fundedInvoice();
    await f.advance(200n * DAY);
    await expectRevert(
      f.as(f.stranger).nft.write.markDefaulted([unpaid]),
      "AccessControlUnauthorizedAccount",
      [f.stranger.account.address, roles.ADMIN_ROLE],
    );
  });

  it("takes recoveries after a default and settles pro rata, paying no yield the farmer did not pay", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const tokenId = await fundedInvoice();
    await f.repay(tokenId, 100n * ONE_GOLD);
    await f.advance(181n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    await expectRevert(f.as(alice).nft.write.harvest([tokenId]), "InvoiceNotHarvestable", [
      tokenId,
      InvoiceStatus.Defaulted,
    ]);
    await f.repay(tokenId, 400n * ONE_GOLD);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Defaulted);
    await expectRevert(
      f.as(f.stranger).nft.write.settleDefault([tokenId]),
      "AccessControlUnauthorizedAccount",
    );
    await f.advance(30n * DAY);
    const settle = await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: settle.logs, eventName: "DefaultSettled" })[0]?.args,
    ).toEqual({ tokenId, recovered: 500n * ONE_GOLD, recoveredFee: 0n, releasedYield: 100n * ONE_GOLD });
    await expectRevert(f.repay(tokenId, 1n), "InvoiceNotRepayable", [tokenId, InvoiceStatus.Settled]);
    await expectRevert(f.as(f.admin).nft.write.settleDefault([tokenId]), "InvoiceNotDefaulted", [
      tokenId,
      InvoiceStatus.Settled,
    ]);

    const aliceBefore = await f.goldOf(alice.account.address);
    const receipt = await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" })[0]?.args,
    ).toMatchObject({
      shares: 600n * ONE_GOLD,
      principal: 300n * ONE_GOLD,
      yield: 0n,
    });
    expect(await f.goldOf(alice.account.address)).toBe(aliceBefore + 300n * ONE_GOLD);
    expect(await f.as(bob).nft.read.previewHarvest([tokenId, bob.account.address])).toEqual([
      200n * ONE_GOLD,
      0n,
    ]);
    await f.mined(f.as(bob).nft.write.harvest([tokenId]));
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("shares a partly recovered fee pro rata and returns the rest of the reservation to the free reserve", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const tokenId = await fundedInvoice();
    await f.advance(181n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    await f.repay(tokenId, 1_050n * ONE_GOLD);
    await f.advance(30n * DAY);
    const freeBefore = await f.as(f.admin).vault.read.freeReserve();
    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const settle = await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: settle.logs, eventName: "DefaultSettled" })[0]?.args,
    ).toEqual({
      tokenId,
      recovered: 1_000n * ONE_GOLD,
      recoveredFee: 50n * ONE_GOLD,
      releasedYield: 50n * ONE_GOLD,
    });
    expect(await f.invoice(tokenId)).toMatchObject({
      recovered: 1_000n * ONE_GOLD,
      recoveredFee: 50n * ONE_GOLD,
    });
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore - 100n * ONE_GOLD);
    // The 50 GOLD of fee paid in went to the holders; the free reserve got back the 50 reserved for the rest.
    expect(await f.as(f.admin).vault.read.freeReserve()).toBe(freeBefore + 50n * ONE_GOLD);
    const a = await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    const b = await f.mined(f.as(bob).nft.write.harvest([tokenId]));
    const paid = [a, b].map(
      (r) => parseEventLogs({ abi: farmNftAbi, logs: r.logs, eventName: "Harvested" })[0]?.args.yield,
    );
    expect(paid).toEqual([30n * ONE_GOLD, 20n * ONE_GOLD]);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("refuses to settle an invoice that is not Defaulted", async () => {
    const f = farm();
    const tokenId = await fundedInvoice();
    await expectRevert(f.as(f.admin).nft.write.settleDefault([tokenId]), "InvoiceNotDefaulted", [
      tokenId,
      InvoiceStatus.Funded,
    ]);
  });
});

describe("FarmNFT views", () => {
  it("previews nothing for invoices that will never be harvested and full principal while Funded", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await fundedInvoice();
    expect(await f.as(alice).nft.read.previewHarvest([tokenId, alice.account.address])).toEqual([
      600n * ONE_GOLD,
      60n * ONE_GOLD,
    ]);
    const rejected = await f.submit();
    await f.mined(f.as(f.admin).nft.write.rejectInvoice([rejected, "no"]));
    expect(await f.as(alice).nft.read.previewHarvest([rejected, alice.account.address])).toEqual([0n, 0n]);
    expect(await f.as(alice).nft.read.amountDue([rejected])).toBe(0n);
  });
});
