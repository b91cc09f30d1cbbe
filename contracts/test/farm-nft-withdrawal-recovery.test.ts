import { ONE_GOLD } from "@farm/core";
import { parseEventLogs, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { InvoiceStatus } from "../src/invoice-status";
import { roles } from "../src/roles";
import { DAY, investorOf, useFarm, type Wallet } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);

const eventsOf = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: farmNftAbi, logs: receipt.logs }).map(({ eventName, args }) => ({ eventName, args }));

describe("FarmNFT.withdrawInvoice", () => {
  it("closes an approved, partly funded invoice: reservation back to the free reserve, every holder refunded", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const admin = f.as(f.admin);
    const freeAtStart = await admin.vault.read.freeReserve();
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1200, tenorDays: 180 });
    expect(await admin.vault.read.freeReserve()).toBe(freeAtStart - 120n * ONE_GOLD);
    const starts = [await f.goldOf(alice.account.address), await f.goldOf(bob.account.address)];
    await f.invest(alice, tokenId, 300n * ONE_GOLD);
    await f.invest(bob, tokenId, 200n * ONE_GOLD + 7n);
    const reservedBefore = await admin.vault.read.reserved();

    const receipt = await f.mined(
      admin.nft.write.withdrawInvoice([tokenId, "buyer disputed after approval"]),
    );
    expect(eventsOf(receipt)).toEqual([
      { eventName: "InvoiceCancelled", args: { tokenId, releasedYield: 120n * ONE_GOLD } },
      {
        eventName: "InvoiceWithdrawn",
        args: {
          tokenId,
          admin: f.admin.account.address,
          releasedYield: 120n * ONE_GOLD,
          reason: "buyer disputed after approval",
        },
      },
    ]);
    expect(await f.invoice(tokenId)).toMatchObject({
      status: InvoiceStatus.Cancelled,
      funded: 500n * ONE_GOLD + 7n,
    });
    expect(await admin.vault.read.reserved()).toBe(reservedBefore - 120n * ONE_GOLD);
    expect(await admin.vault.read.freeReserve()).toBe(freeAtStart);
    const [, , available] = await admin.nft.read.getAvailableInvoices([0n, 10n]);
    expect(available).toBe(0n);
    await expectRevert(f.invest(alice, tokenId, 10n * ONE_GOLD), "InvoiceNotOpenForFunding", [
      tokenId,
      InvoiceStatus.Cancelled,
    ]);

    const refund = await f.mined(f.as(alice).nft.write.refund([tokenId]));
    expect(eventsOf(refund).find((e) => e.eventName === "Refunded")?.args).toEqual({
      tokenId,
      holder: alice.account.address,
      shares: 300n * ONE_GOLD,
    });
    await f.mined(f.as(bob).nft.write.refund([tokenId]));
    expect([await f.goldOf(alice.account.address), await f.goldOf(bob.account.address)]).toEqual(starts);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
    expect(await f.invoice(tokenId)).toMatchObject({ redeemedShares: 500n * ONE_GOLD + 7n });
  });

  it("works while paused and on an invoice past its deadline that nobody cancelled yet", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    const tokenId = await f.open({ amount: 100n * ONE_GOLD, fundingDays: 1n });
    await f.invest(investor(0), tokenId, 40n * ONE_GOLD);
    await f.advance(2n * DAY);
    await f.mined(admin.write.pause());
    await f.mined(admin.write.withdrawInvoice([tokenId, "fraud found"]));
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Cancelled);
    await f.mined(f.as(investor(0)).nft.write.refund([tokenId]));
    await expectRevert(admin.write.cancelExpired([tokenId]), "InvoiceNotOpenForFunding", [
      tokenId,
      InvoiceStatus.Cancelled,
    ]);
  });

  it("refuses an empty reason, other states, unknown ids and callers without ADMIN_ROLE", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    const open = await f.open({ amount: 100n * ONE_GOLD });
    await expectRevert(admin.write.withdrawInvoice([open, ""]), "ReasonRequired");
    await expectRevert(
      f.as(f.stranger).nft.write.withdrawInvoice([open, "x"]),
      "AccessControlUnauthorizedAccount",
      [f.stranger.account.address, roles.ADMIN_ROLE],
    );
    const pending = await f.submit();
    await expectRevert(admin.write.withdrawInvoice([pending, "x"]), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Pending,
    ]);
    const funded = await f.open({ amount: 100n * ONE_GOLD });
    await f.invest(investor(0), funded, 100n * ONE_GOLD);
    await expectRevert(admin.write.withdrawInvoice([funded, "x"]), "InvoiceNotOpenForFunding", [
      funded,
      InvoiceStatus.Funded,
    ]);
    await f.mined(admin.write.withdrawInvoice([open, "x"]));
    await expectRevert(admin.write.withdrawInvoice([open, "x"]), "InvoiceNotOpenForFunding", [
      open,
      InvoiceStatus.Cancelled,
    ]);
    await expectRevert(admin.write.withdrawInvoice([999n, "x"]), "UnknownInvoice", [999n]);
  });
});

/** A defaulted invoice of 1,000 GOLD at 10 % (600 from investor 0, 400 from investor 1), 100 repaid before. */
async function defaultedInvoice() {
  const f = farm();
  const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1000, tenorDays: 150 });
  await f.invest(investor(0), tokenId, 600n * ONE_GOLD);
  await f.invest(investor(1), tokenId, 400n * ONE_GOLD);
  await f.repay(tokenId, 100n * ONE_GOLD);
  await f.advance(181n * DAY);
  const receipt = await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
  const { timestamp } = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  return { tokenId, defaultedAt: timestamp };
}

describe("FarmNFT recovery window", () => {
  it("refuses settlement before the window (30 days by default) and takes every recovery until then", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    expect(await admin.read.recoveryDays()).toBe(30);
    const { tokenId, defaultedAt } = await defaultedInvoice();
    const settleableAt = defaultedAt + 30n * DAY;
    expect(await f.invoice(tokenId)).toMatchObject({ status: InvoiceStatus.Defaulted, settleableAt });
    await expectRevert(admin.write.settleDefault([tokenId]), "RecoveryWindowOpen", [tokenId, settleableAt]);
    // A recovery on the window's last day still reaches the holders.
    await f.advance(settleableAt - (await f.now()) - DAY);
    await f.repay(tokenId, 1_000n * ONE_GOLD);
    await expectRevert(admin.write.settleDefault([tokenId]), "RecoveryWindowOpen", [tokenId, settleableAt]);
    await f.advance(settleableAt - (await f.now()));
    const settle = await f.mined(admin.write.settleDefault([tokenId]));
    expect(eventsOf(settle).find((e) => e.eventName === "DefaultSettled")?.args).toEqual({
      tokenId,
      recovered: 1_000n * ONE_GOLD,
      recoveredFee: 100n * ONE_GOLD,
      releasedYield: 0n,
    });
    const alice = investor(0);
    const before = await f.goldOf(alice.account.address);
    await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    expect(await f.goldOf(alice.account.address)).toBe(before + 660n * ONE_GOLD);
    await f.mined(f.as(investor(1)).nft.write.harvest([tokenId]));
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("is set by the admin within 7-365 days, and a declared default keeps the window it was declared with", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    for (const days of [0, 6, 366]) {
      await expectRevert(admin.write.setRecoveryDays([days]), "RecoveryDaysOutOfRange", [days]);
    }
    await expectRevert(f.as(f.stranger).nft.write.setRecoveryDays([10]), "AccessControlUnauthorizedAccount");
    const { tokenId, defaultedAt } = await defaultedInvoice();
    const receipt = await f.mined(admin.write.setRecoveryDays([7]));
    expect(eventsOf(receipt)).toEqual([{ eventName: "RecoveryDaysUpdated", args: { recoveryDays: 7 } }]);
    expect(await admin.read.recoveryDays()).toBe(7);
    await f.advance(8n * DAY);
    await expectRevert(admin.write.settleDefault([tokenId]), "RecoveryWindowOpen", [
      tokenId,
      defaultedAt + 30n * DAY,
    ]);
    await f.mined(admin.write.setRecoveryDays([365]));
    expect(await admin.read.recoveryDays()).toBe(365);
    await f.mined(admin.write.setRecoveryDays([7]));
    // Defaults declared after the change get the new window.
    const later = await defaultedInvoice();
    expect((await f.invoice(later.tokenId)).settleableAt).toBe(later.defaultedAt + 7n * DAY);
    await f.advance(7n * DAY);
    await f.mined(admin.write.settleDefault([later.tokenId]));
  });
});
