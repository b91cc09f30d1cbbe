import { approvalReservation, financingFee, ONE_GOLD } from "@farm/core";
import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, investorOf, useFarm, type Wallet } from "./support/farm";
import { signGoldPermit } from "./support/permit";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);

describe("FarmNFT.approveInvoice reserves the invoice's whole yield", () => {
  it("reserves the financing fee in the vault once, at approval", async () => {
    const f = farm();
    const tokenId = await f.submit({ amount: 1_000n * ONE_GOLD, yieldBps: 1000, tenorDays: 150 });
    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const receipt = await f.mined(f.as(f.admin).nft.write.approveInvoice([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceApproved" })[0]?.args,
    ).toEqual({ tokenId, admin: f.admin.account.address, reservedYield: 100n * ONE_GOLD });
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs, eventName: "YieldReserved" })[0]?.args,
    ).toEqual({ tokenId, amount: approvalReservation(1_000n * ONE_GOLD, 1000) });
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore + 100n * ONE_GOLD);
  });

  it("refuses an invoice whose yield is above the reservation limit of the free reserve", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const free = await f.as(f.admin).vault.read.freeReserve();
    const limitBps = BigInt(await f.as(f.admin).nft.read.reservationLimitBps());
    const limit = (free * limitBps) / 10_000n;
    // Just above the limit: 25 % of a 1,000,000 GOLD reserve is 250,000 GOLD of yield.
    const amount = (limit * 10_000n) / 3000n + 10n * ONE_GOLD;
    const tokenId = await f.submit({ amount, yieldBps: 3000, tenorDays: 365 });
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([tokenId]), "ReservationAboveLimit", [
      tokenId,
      financingFee(amount, 3000),
      limit,
    ]);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Pending);
  });

  it("lets a small invoice be funded to its target beside the largest invoice allowed", async () => {
    const f = farm();
    // 30 % over a year needs the fee cap at its ceiling (0.1 % a day; 0.067 % by default).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    const free = await f.as(f.admin).vault.read.freeReserve();
    const big = (((free * 2500n) / 10_000n) * 10_000n) / 3000n;
    await f.mined(f.as(f.admin).gold.write.mint([investor(0).account.address, big]));
    const bigId = await f.open({ amount: big, yieldBps: 3000, tenorDays: 365 });
    await f.invest(investor(0), bigId, big);
    const smallId = await f.open({ amount: 500n * ONE_GOLD, yieldBps: 3000, tenorDays: 365 });
    await f.invest(investor(1), smallId, 500n * ONE_GOLD);
    expect((await f.invoice(smallId)).status).toBe(InvoiceStatus.Funded);
  });

  it("keeps the limit and the other settings within their bounds", async () => {
    const f = farm();
    const nft = f.as(f.admin).nft;
    await expectRevert(nft.write.setReservationLimit([99]), "ReservationLimitOutOfRange", [99]);
    await expectRevert(nft.write.setReservationLimit([5001]), "ReservationLimitOutOfRange", [5001]);
    await f.mined(nft.write.setReservationLimit([1000]));
    expect(await nft.read.reservationLimitBps()).toBe(1000);
    await expectRevert(nft.write.setMinInvestment([10n ** 16n - 1n]), "MinInvestmentOutOfRange", [
      10n ** 16n - 1n,
    ]);
    await expectRevert(nft.write.setMinInvestment([1_001n * ONE_GOLD]), "MinInvestmentOutOfRange", [
      1_001n * ONE_GOLD,
    ]);
    const receipt = await f.mined(nft.write.setMinInvestment([5n * ONE_GOLD]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "MinInvestmentUpdated" })[0]?.args,
    ).toEqual({ minInvestment: 5n * ONE_GOLD });
    expect(await nft.read.minInvestment()).toBe(5n * ONE_GOLD);
    await expectRevert(
      f.as(f.stranger).nft.write.setMinInvestment([5n * ONE_GOLD]),
      "AccessControlUnauthorizedAccount",
    );
  });
});

describe("FarmNFT.invest", () => {
  it("pulls GOLD, mints as many shares and emits Invested without touching the vault", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1000, tenorDays: 150 });
    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const goldBefore = await f.goldOf(alice.account.address);
    const receipt = await f.invest(alice, tokenId, 400n * ONE_GOLD);
    const [invested] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" });
    expect(invested?.args).toEqual({
      tokenId,
      investor: alice.account.address,
      amount: 400n * ONE_GOLD,
      totalFunded: 400n * ONE_GOLD,
    });
    expect(parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs })).toEqual([]);
    const [minted] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "TransferSingle" });
    expect(minted?.args).toMatchObject({ to: alice.account.address, id: tokenId, value: 400n * ONE_GOLD });
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(400n * ONE_GOLD);
    expect(await f.goldOf(alice.account.address)).toBe(goldBefore - 400n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(400n * ONE_GOLD);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore);
    const invoice = await f.invoice(tokenId);
    expect(invoice.funded).toBe(400n * ONE_GOLD);
    expect(invoice.status).toBe(InvoiceStatus.Approved);
  });

  it("fills the target: pays the principal to the farmer, fixes the grace period and emits InvoiceFunded", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, tenorDays: 60 });
    await f.invest(investor(0), tokenId, 600n * ONE_GOLD);
    const farmerBefore = await f.goldOf(f.farmer.account.address);
    const receipt = await f.invest(investor(1), tokenId, 400n * ONE_GOLD);
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const [funded] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceFunded" });
    expect(funded?.args).toEqual({
      tokenId,
      farmer: f.farmer.account.address,
      principal: 1_000n * ONE_GOLD,
      fundedAt: block.timestamp,
      maturity: block.timestamp + 60n * DAY,
      graceDays: 30,
    });
    expect(await f.goldOf(f.farmer.account.address)).toBe(farmerBefore + 1_000n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
    expect(await f.invoice(tokenId)).toMatchObject({
      status: InvoiceStatus.Funded,
      funded: 1_000n * ONE_GOLD,
      fundedAt: block.timestamp,
      maturity: block.timestamp + 60n * DAY,
      graceDays: 30,
    });
  });

  it("refuses a zero amount and dust below the minimum, but takes a last slice below it", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 100n * ONE_GOLD + 5n });
    await expectRevert(f.as(investor(1)).nft.write.invest([tokenId, 0n]), "ZeroAmount");
    await expectRevert(f.invest(investor(0), tokenId, 1n), "InvestmentBelowMinimum", [tokenId, 1n, ONE_GOLD]);
    await f.invest(investor(0), tokenId, 100n * ONE_GOLD);
    const receipt = await f.invest(investor(1), tokenId, 5n);
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" })[0]?.args.amount,
    ).toBe(5n);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Funded);
  });

  it("takes only what is left when offered more, so racing for the last slice does not revert", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 100n * ONE_GOLD });
    await f.invest(investor(0), tokenId, 60n * ONE_GOLD);
    // A front-runner takes part of the last slice; the victim's filling investment still goes through.
    await f.invest(investor(2), tokenId, 5n * ONE_GOLD);
    const before = await f.goldOf(investor(1).account.address);
    const receipt = await f.invest(investor(1), tokenId, 40n * ONE_GOLD);
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" })[0]?.args,
    ).toMatchObject({ amount: 35n * ONE_GOLD, totalFunded: 100n * ONE_GOLD });
    expect(await f.goldOf(investor(1).account.address)).toBe(before - 35n * ONE_GOLD);
    expect(await f.sharesOf(investor(1).account.address, tokenId)).toBe(35n * ONE_GOLD);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Funded);
  });

  it("refuses the invoice's own farmer as an investor", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 100n * ONE_GOLD });
    await expectRevert(f.invest(f.farmer, tokenId, 10n * ONE_GOLD), "InvestorIsFarmer", [
      tokenId,
      f.farmer.account.address,
    ]);
  });

  it("rejects investing into a Pending, Rejected or Funded invoice", async () => {
    const f = farm();
    const pending = await f.submit();
    await expectRevert(f.invest(investor(0), pending, ONE_GOLD), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Pending,
    ]);
    await f.mined(f.as(f.admin).nft.write.rejectInvoice([pending, "no"]));
    await expectRevert(f.invest(investor(0), pending, ONE_GOLD), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Rejected,
    ]);
    const full = await f.open({ amount: 5n * ONE_GOLD });
    await f.invest(investor(0), full, 5n * ONE_GOLD);
    await expectRevert(f.invest(investor(1), full, ONE_GOLD), "InvoiceNotOpenForFunding", [
      full,
      InvoiceStatus.Funded,
    ]);
    await expectRevert(f.invest(investor(1), 99n, ONE_GOLD), "UnknownInvoice", [99n]);
  });

  it("rejects investing after the funding deadline", async () => {
    const f = farm();
    const tokenId = await f.open({ fundingDays: 1n });
    await f.advance(DAY + 1n);
    const { fundingDeadline } = await f.invoice(tokenId);
    await expectRevert(f.invest(investor(0), tokenId, ONE_GOLD), "FundingDeadlinePassed", [
      tokenId,
      fundingDeadline,
    ]);
  });

  it("is refused while paused, as are submissions and approvals", async () => {
    const f = farm();
    const tokenId = await f.open();
    const pending = await f.submit();
    await f.mined(f.as(f.admin).nft.write.pause());
    await expectRevert(f.invest(investor(0), tokenId, ONE_GOLD), "EnforcedPause");
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([pending]), "EnforcedPause");
    await expectRevert(f.submit(), "EnforcedPause");
  });
});

describe("FarmNFT.investWithPermit", () => {
  it("approves and invests in one transaction with an ERC-2612 signature", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, alice, 250n * ONE_GOLD, deadline);
    await f.mined(f.as(alice).nft.write.investWithPermit([tokenId, 250n * ONE_GOLD, deadline, v, r, s]));
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(250n * ONE_GOLD);
    expect(await f.as(alice).gold.read.allowance([alice.account.address, f.deployment.farmNft])).toBe(0n);
  });

  it("still invests when the permit was already used (front-run), since the allowance is in place", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, alice, 250n * ONE_GOLD, deadline);
    await f.mined(
      f
        .as(f.stranger)
        .gold.write.permit([alice.account.address, f.deployment.farmNft, 250n * ONE_GOLD, deadline, v, r, s]),
    );
    await f.mined(f.as(alice).nft.write.investWithPermit([tokenId, 250n * ONE_GOLD, deadline, v, r, s]));
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(250n * ONE_GOLD);
  });

  it("fails with the token's allowance error when the permit is invalid and nothing is approved", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, investor(1), 250n * ONE_GOLD, deadline);
    await expectRevert(
      f.as(alice).nft.write.investWithPermit([tokenId, 250n * ONE_GOLD, deadline, v, r, s]),
      "ERC20InsufficientAllowance",
    );
  });
});

describe("FarmNFT.cancelExpired and refund", () => {
  it("cancels an expired Approved invoice, releasing its whole reservation; holders get their principal back", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({
      amount: 1_000n * ONE_GOLD,
      yieldBps: 1000,
      tenorDays: 150,
      fundingDays: 2n,
    });
    await f.invest(alice, tokenId, 300n * ONE_GOLD);
    await expectRevert(f.as(f.stranger).nft.write.cancelExpired([tokenId]), "FundingStillOpen", [
      tokenId,
      (await f.invoice(tokenId)).fundingDeadline,
    ]);
    await f.advance(2n * DAY + 1n);
    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const cancel = await f.mined(f.as(f.stranger).nft.write.cancelExpired([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: cancel.logs, eventName: "InvoiceCancelled" })[0]?.args,
    ).toEqual({ tokenId, releasedYield: 100n * ONE_GOLD });
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: cancel.logs, eventName: "YieldReleased" })[0]?.args,
    ).toEqual({ tokenId, amount: 100n * ONE_GOLD });
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore - 100n * ONE_GOLD);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Cancelled);

    const goldBefore = await f.goldOf(alice.account.address);
    const receipt = await f.mined(f.as(alice).nft.write.refund([tokenId]));
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Refunded" })[0]?.args).toEqual({
      tokenId,
      holder: alice.account.address,
      shares: 300n * ONE_GOLD,
    });
    expect(await f.goldOf(alice.account.address)).toBe(goldBefore + 300n * ONE_GOLD);
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(0n);
    expect((await f.invoice(tokenId)).redeemedShares).toBe(300n * ONE_GOLD);
    await expectRevert(f.as(alice).nft.write.refund([tokenId]), "NoSharesToRedeem", [
      tokenId,
      alice.account.address,
    ]);
  });

  it("cancels and refunds while paused: exits are never frozen", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, fundingDays: 2n });
    await f.invest(alice, tokenId, 300n * ONE_GOLD);
    await f.mined(f.as(f.admin).nft.write.pause());
    await f.advance(2n * DAY + 1n);
    await f.mined(f.as(f.stranger).nft.write.cancelExpired([tokenId]));
    await f.mined(f.as(alice).nft.write.refund([tokenId]));
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(0n);
  });

  it("refuses to cancel an invoice that is not open for funding", async () => {
    const f = farm();
    const pending = await f.submit({ fundingDays: 1n });
    await f.advance(2n * DAY);
    await expectRevert(f.as(f.stranger).nft.write.cancelExpired([pending]), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Pending,
    ]);
  });

  it("refuses to refund an invoice that was not cancelled", async () => {
    const f = farm();
    const tokenId = await f.open();
    await f.invest(investor(0), tokenId, 10n * ONE_GOLD);
    await expectRevert(f.as(investor(0)).nft.write.refund([tokenId]), "InvoiceNotCancelled", [
      tokenId,
      InvoiceStatus.Approved,
    ]);
  });
});
