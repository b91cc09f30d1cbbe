import { ONE_GOLD, reservedYield } from "@farm/core";
import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, useFarm, type Wallet } from "./support/farm";
import { signGoldPermit } from "./support/permit";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => {
  const found = farm().investors[i];
  if (!found) throw new Error(`no investor ${i}`);
  return found;
};

describe("FarmNFT.invest", () => {
  it("pulls GOLD, mints as many shares, reserves the yield and emits Invested", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 1000 });
    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const goldBefore = await f.goldOf(alice.account.address);
    const receipt = await f.invest(alice, tokenId, 400n * ONE_GOLD);
    const [invested] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" });
    expect(invested?.args).toEqual({
      tokenId,
      investor: alice.account.address,
      amount: 400n * ONE_GOLD,
      reservedYield: 40n * ONE_GOLD,
      totalFunded: 400n * ONE_GOLD,
    });
    const [reserved] = parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs, eventName: "YieldReserved" });
    expect(reserved?.args).toEqual({ tokenId, amount: 40n * ONE_GOLD });
    const [minted] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "TransferSingle" });
    expect(minted?.args).toMatchObject({ to: alice.account.address, id: tokenId, value: 400n * ONE_GOLD });
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(400n * ONE_GOLD);
    expect(await f.goldOf(alice.account.address)).toBe(goldBefore - 400n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(400n * ONE_GOLD);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore + 40n * ONE_GOLD);
    const invoice = await f.invoice(tokenId);
    expect(invoice.funded).toBe(400n * ONE_GOLD);
    expect(invoice.status).toBe(InvoiceStatus.Approved);
  });

  it("reserves cumulative yield slices so split investments reserve exactly the whole yield", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 10n, yieldBps: 3000 });
    const slices = [];
    for (const [i, amount] of [3n, 3n, 4n].entries()) {
      const receipt = await f.invest(investor(i), tokenId, amount);
      slices.push(
        parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Invested" })[0]?.args.reservedYield,
      );
    }
    expect(slices).toEqual([
      reservedYield(3n, 3000),
      reservedYield(3n, 3000, 3n),
      reservedYield(4n, 3000, 6n),
    ]);
    expect(slices).toEqual([0n, 1n, 2n]);
  });

  it("fills the target: pays the principal to the farmer, starts the term and emits InvoiceFunded", async () => {
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
    });
    expect(await f.goldOf(f.farmer.account.address)).toBe(farmerBefore + 1_000n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
    expect(await f.invoice(tokenId)).toMatchObject({
      status: InvoiceStatus.Funded,
      funded: 1_000n * ONE_GOLD,
      fundedAt: block.timestamp,
      maturity: block.timestamp + 60n * DAY,
    });
  });

  it("rejects a zero amount and an amount over what is left to fund", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 100n });
    await f.invest(investor(0), tokenId, 60n);
    await expectRevert(f.as(investor(1)).nft.write.invest([tokenId, 0n]), "ZeroAmount");
    await expectRevert(f.invest(investor(1), tokenId, 41n), "InvestmentExceedsTarget", [tokenId, 41n, 40n]);
  });

  it("rejects investing into a Pending, Rejected or Funded invoice", async () => {
    const f = farm();
    const pending = await f.submit();
    await expectRevert(f.invest(investor(0), pending, 1n), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Pending,
    ]);
    await f.mined(f.as(f.admin).nft.write.rejectInvoice([pending, "no"]));
    await expectRevert(f.invest(investor(0), pending, 1n), "InvoiceNotOpenForFunding", [
      pending,
      InvoiceStatus.Rejected,
    ]);
    const full = await f.open({ amount: 5n });
    await f.invest(investor(0), full, 5n);
    await expectRevert(f.invest(investor(1), full, 1n), "InvoiceNotOpenForFunding", [
      full,
      InvoiceStatus.Funded,
    ]);
    await expectRevert(f.invest(investor(1), 99n, 1n), "UnknownInvoice", [99n]);
  });

  it("rejects investing after the funding deadline", async () => {
    const f = farm();
    const tokenId = await f.open({ fundingDays: 1n });
    await f.advance(DAY + 1n);
    const { fundingDeadline } = await f.invoice(tokenId);
    await expectRevert(f.invest(investor(0), tokenId, 1n), "FundingDeadlinePassed", [
      tokenId,
      fundingDeadline,
    ]);
  });

  it("refuses to promise yield the vault's free reserve cannot cover", async () => {
    const f = farm();
    const free = await f.as(f.admin).vault.read.freeReserve();
    const amount = (free * 10_000n) / 3000n + 10_000n;
    await f.mined(f.as(f.admin).gold.write.mint([investor(0).account.address, amount]));
    const tokenId = await f.open({ amount, yieldBps: 3000 });
    await expectRevert(f.invest(investor(0), tokenId, amount), "InsufficientFreeReserve", [
      reservedYield(amount, 3000),
      free,
    ]);
  });

  it("is refused while paused", async () => {
    const f = farm();
    const tokenId = await f.open();
    await f.mined(f.as(f.admin).nft.write.pause());
    await expectRevert(f.invest(investor(0), tokenId, 1n), "EnforcedPause");
  });
});

describe("FarmNFT.investWithPermit", () => {
  it("approves and invests in one transaction with an ERC-2612 signature", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, alice, 250n, deadline);
    await f.mined(f.as(alice).nft.write.investWithPermit([tokenId, 250n, deadline, v, r, s]));
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(250n);
    expect(await f.as(alice).gold.read.allowance([alice.account.address, f.deployment.farmNft])).toBe(0n);
  });

  it("still invests when the permit was already used (front-run), since the allowance is in place", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, alice, 250n, deadline);
    await f.mined(
      f
        .as(f.stranger)
        .gold.write.permit([alice.account.address, f.deployment.farmNft, 250n, deadline, v, r, s]),
    );
    await f.mined(f.as(alice).nft.write.investWithPermit([tokenId, 250n, deadline, v, r, s]));
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(250n);
  });

  it("fails with the token's allowance error when the permit is invalid and nothing is approved", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n });
    const deadline = (await f.now()) + 3_600n;
    const { v, r, s } = await signGoldPermit(f, investor(1), 250n, deadline);
    await expectRevert(
      f.as(alice).nft.write.investWithPermit([tokenId, 250n, deadline, v, r, s]),
      "ERC20InsufficientAllowance",
    );
  });
});

describe("FarmNFT.cancelExpired and refund", () => {
  it("cancels an expired Approved invoice; holders get their principal back and their yield is released", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n, yieldBps: 1000, fundingDays: 2n });
    await f.invest(alice, tokenId, 300n);
    await expectRevert(f.as(f.stranger).nft.write.cancelExpired([tokenId]), "FundingStillOpen", [
      tokenId,
      (await f.invoice(tokenId)).fundingDeadline,
    ]);
    await f.advance(2n * DAY + 1n);
    const cancel = await f.mined(f.as(f.stranger).nft.write.cancelExpired([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: cancel.logs, eventName: "InvoiceCancelled" })[0]?.args,
    ).toEqual({
      tokenId,
    });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Cancelled);

    const reservedBefore = await f.as(f.admin).vault.read.reserved();
    const goldBefore = await f.goldOf(alice.account.address);
    const receipt = await f.mined(f.as(alice).nft.write.refund([tokenId]));
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Refunded" })[0]?.args).toEqual({
      tokenId,
      holder: alice.account.address,
      shares: 300n,
      releasedYield: 30n,
    });
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs, eventName: "YieldReleased" })[0]?.args,
    ).toEqual({
      tokenId,
      amount: 30n,
    });
    expect(await f.goldOf(alice.account.address)).toBe(goldBefore + 300n);
    expect(await f.sharesOf(alice.account.address, tokenId)).toBe(0n);
    expect(await f.as(f.admin).vault.read.reserved()).toBe(reservedBefore - 30n);
    expect((await f.invoice(tokenId)).redeemedShares).toBe(300n);
    await expectRevert(f.as(alice).nft.write.refund([tokenId]), "NoSharesToRedeem", [
      tokenId,
      alice.account.address,
    ]);
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
    await f.invest(investor(0), tokenId, 10n);
    await expectRevert(f.as(investor(0)).nft.write.refund([tokenId]), "InvoiceNotCancelled", [
      tokenId,
      InvoiceStatus.Approved,
    ]);
  });
});
