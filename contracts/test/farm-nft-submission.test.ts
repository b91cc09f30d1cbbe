import { ONE_GOLD } from "@farm/core";
import { keccak256, parseEventLogs, sha256, toHex, zeroAddress, zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { InvoiceStatus } from "../src/invoice-status";
import { roles } from "../src/roles";
import { DAY, useFarm } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();

async function submitArgs(
  overrides: Partial<{
    amount: bigint;
    yieldBps: number;
    tenorDays: number;
    deadline: bigint;
    ref: `0x${string}`;
    doc: `0x${string}`;
    farmer: `0x${string}`;
  }> = {},
) {
  const f = farm();
  return [
    overrides.farmer ?? f.farmer.account.address,
    overrides.amount ?? 1_000n * ONE_GOLD,
    overrides.yieldBps ?? 1000,
    // 10 % over 150 days: within the fee cap (0.067 % a day allows 1,005 bps).
    overrides.tenorDays ?? 150,
    overrides.deadline ?? (await f.now()) + 7n * DAY,
    overrides.ref ?? keccak256(toHex("INV-1|buyer")),
    overrides.doc ?? sha256(toHex("%PDF-1.7 invoice INV-1")),
  ] as const;
}

describe("FarmNFT.submitInvoice", () => {
  it("creates a Pending invoice with ids from 1 and emits everything an indexer needs", async () => {
    const f = farm();
    const args = await submitArgs();
    const receipt = await f.mined(f.as(f.operator).nft.write.submitInvoice(args));
    const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceSubmitted" });
    expect(event?.args).toEqual({
      tokenId: 1n,
      farmer: f.farmer.account.address,
      amount: args[1],
      yieldBps: 1000,
      tenorDays: 150,
      fundingDeadline: args[4],
      referenceHash: args[5],
      documentHash: args[6],
    });
    const invoice = await f.invoice(1n);
    expect(invoice).toMatchObject({
      farmer: f.farmer.account.address,
      amount: args[1],
      funded: 0n,
      repaid: 0n,
      yieldBps: 1000,
      tenorDays: 150,
      fundingDeadline: args[4],
      fundedAt: 0n,
      maturity: 0n,
      status: InvoiceStatus.Pending,
      referenceHash: args[5],
      redeemedShares: 0n,
      recovered: 0n,
    });
    expect(await f.as(f.admin).nft.read.invoiceCount()).toBe(1n);
    expect(await f.as(f.admin).nft.read.tokenIdByReference([args[5]])).toBe(1n);
    expect(await f.submit()).toBe(2n);
  });

  it("rejects a caller without OPERATOR_ROLE", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.stranger).nft.write.submitInvoice(await submitArgs()),
      "AccessControlUnauthorizedAccount",
      [f.stranger.account.address, roles.OPERATOR_ROLE],
    );
  });

  it("rejects a zero amount", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ amount: 0n })),
      "ZeroAmount",
    );
  });

  it("rejects an amount above the maximum principal", async () => {
    const f = farm();
    const tooMuch = 2n ** 96n;
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ amount: tooMuch })),
      "AmountAboveMaximum",
      [tooMuch, tooMuch - 1n],
    );
  });

  it("rejects a yield above the cap and accepts one at the cap", async () => {
    const f = farm();
    // 30 % needs a year and the fee cap at its ceiling (0.1 % a day).
    await f.mined(f.as(f.admin).nft.write.setMaxDailyFee([1000]));
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ yieldBps: 3001, tenorDays: 365 })),
      "YieldAboveCap",
      [3001, 3000],
    );
    await f.mined(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ yieldBps: 3000, tenorDays: 365 })),
    );
  });

  it("rejects tenors outside [7, 365] days and accepts both bounds", async () => {
    const f = farm();
    for (const tenorDays of [0, 6, 366]) {
      await expectRevert(
        f.as(f.operator).nft.write.submitInvoice(await submitArgs({ tenorDays })),
        "TenorOutOfRange",
        [tenorDays],
      );
    }
    await f.submit({ tenorDays: 7, yieldBps: 40 });
    await f.submit({ tenorDays: 365 });
  });

  it("rejects a funding deadline that is not in the future or beyond the time range", async () => {
    const f = farm();
    const past = (await f.now()) - 1n;
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ deadline: past })),
      "FundingDeadlineNotInFuture",
      [past],
    );
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ deadline: 2n ** 40n })),
      "FundingDeadlineTooFar",
      [2n ** 40n],
    );
  });

  it("rejects an invoice without its document's hash (ZeroDocumentHash)", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ doc: zeroHash })),
      "ZeroDocumentHash",
    );
    expect(await f.as(f.admin).nft.read.invoiceCount()).toBe(0n);
  });

  it("rejects the zero farmer address and a zero reference hash", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ farmer: zeroAddress })),
      "ZeroAddress",
    );
    await expectRevert(
      f.as(f.operator).nft.write.submitInvoice(await submitArgs({ ref: zeroHash })),
      "ZeroReferenceHash",
    );
  });

  it("refuses to tokenise the same invoice reference twice", async () => {
    const f = farm();
    const args = await submitArgs();
    await f.mined(f.as(f.operator).nft.write.submitInvoice(args));
    await expectRevert(f.as(f.operator).nft.write.submitInvoice(args), "InvoiceReferenceAlreadyUsed", [
      args[5],
      1n,
    ]);
  });

  it("is refused while paused", async () => {
    const f = farm();
    await f.mined(f.as(f.admin).nft.write.pause());
    await expectRevert(f.as(f.operator).nft.write.submitInvoice(await submitArgs()), "EnforcedPause");
  });
});

describe("FarmNFT.approveInvoice and rejectInvoice", () => {
  it("approves a Pending invoice and emits InvoiceApproved with the admin", async () => {
    const f = farm();
    const tokenId = await f.submit();
    const receipt = await f.mined(f.as(f.admin).nft.write.approveInvoice([tokenId]));
    const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceApproved" });
    // The fixture's default terms: 1,000 GOLD at 0.4 % over 30 days.
    expect(event?.args).toEqual({ tokenId, admin: f.admin.account.address, reservedYield: 4n * ONE_GOLD });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Approved);
  });

  it("rejects a Pending invoice with a reason, after which it can be neither approved nor rejected", async () => {
    const f = farm();
    const tokenId = await f.submit();
    const receipt = await f.mined(f.as(f.admin).nft.write.rejectInvoice([tokenId, "buyer unknown"]));
    const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceRejected" });
    expect(event?.args).toEqual({ tokenId, admin: f.admin.account.address, reason: "buyer unknown" });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Rejected);
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([tokenId]), "InvoiceNotPending", [
      tokenId,
      InvoiceStatus.Rejected,
    ]);
    await expectRevert(f.as(f.admin).nft.write.rejectInvoice([tokenId, "again"]), "InvoiceNotPending");
  });

  it("refuses to approve twice", async () => {
    const f = farm();
    const tokenId = await f.open();
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([tokenId]), "InvoiceNotPending", [
      tokenId,
      InvoiceStatus.Approved,
    ]);
  });

  it("refuses to approve after the funding deadline", async () => {
    const f = farm();
    const tokenId = await f.submit({ fundingDays: 1n });
    await f.advance(DAY + 1n);
    const { fundingDeadline } = await f.invoice(tokenId);
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([tokenId]), "FundingDeadlinePassed", [
      tokenId,
      fundingDeadline,
    ]);
  });

  it("rejects callers without ADMIN_ROLE, including the operator", async () => {
    const f = farm();
    const tokenId = await f.submit();
    await expectRevert(
      f.as(f.operator).nft.write.approveInvoice([tokenId]),
      "AccessControlUnauthorizedAccount",
      [f.operator.account.address, roles.ADMIN_ROLE],
    );
    await expectRevert(
      f.as(f.stranger).nft.write.rejectInvoice([tokenId, "no"]),
      "AccessControlUnauthorizedAccount",
    );
  });

  it("reports an unknown invoice id", async () => {
    const f = farm();
    await expectRevert(f.as(f.admin).nft.write.approveInvoice([42n]), "UnknownInvoice", [42n]);
    await expectRevert(f.as(f.admin).nft.read.getInvoice([0n]), "UnknownInvoice", [0n]);
  });
});

describe("FarmNFT pending and available lists", () => {
  it("pages pending invoices with their count, and moves approved ones to the available list", async () => {
    const f = farm();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await f.submit());
    const nft = f.as(f.admin).nft;
    const [firstPage, firstInvoices, total] = await nft.read.getPendingInvoices([0n, 2n]);
    expect(total).toBe(5n);
    expect(firstPage).toEqual([1n, 2n]);
    expect(firstInvoices.map((i) => i.status)).toEqual([InvoiceStatus.Pending, InvoiceStatus.Pending]);
    expect((await nft.read.getPendingInvoices([4n, 10n]))[0]).toEqual([5n]);
    expect((await nft.read.getPendingInvoices([9n, 10n]))[0]).toEqual([]);

    await f.mined(f.as(f.admin).nft.write.approveInvoice([2n]));
    await f.mined(f.as(f.admin).nft.write.rejectInvoice([4n, "duplicate"]));
    const [pending, , pendingTotal] = await nft.read.getPendingInvoices([0n, 10n]);
    expect(pendingTotal).toBe(3n);
    expect([...pending].sort()).toEqual([1n, 3n, 5n]);
    const [available, availableInvoices, availableTotal] = await nft.read.getAvailableInvoices([0n, 10n]);
    expect(available).toEqual([2n]);
    expect(availableInvoices[0]?.status).toBe(InvoiceStatus.Approved);
    expect(availableTotal).toBe(1n);
  });

  it("drops invoices from the available list once filled or cancelled, and hides expired ones", async () => {
    const f = farm();
    const [investor] = f.investors;
    if (!investor) throw new Error("no investor");
    const filled = await f.open({ amount: 100n * ONE_GOLD });
    const expiring = await f.open({ fundingDays: 1n });
    const lasting = await f.open({ fundingDays: 30n });
    await f.invest(investor, filled, 100n * ONE_GOLD);
    const nft = f.as(f.admin).nft;
    expect([...(await nft.read.getAvailableInvoices([0n, 10n]))[0]].sort()).toEqual([expiring, lasting]);
    await f.advance(2n * DAY);
    const [visible, , total] = await nft.read.getAvailableInvoices([0n, 10n]);
    expect(visible).toEqual([lasting]);
    expect(total).toBe(2n);
    await f.mined(f.as(f.stranger).nft.write.cancelExpired([expiring]));
    expect(await nft.read.getAvailableInvoices([0n, 10n])).toEqual([
      [lasting],
      [await f.invoice(lasting)],
      1n,
    ]);
  });
});

describe("FarmNFT administration", () => {
  it("lets the admin change the yield cap and grace period, with events, within bounds", async () => {
    const f = farm();
    const nft = f.as(f.admin).nft;
    expect(await nft.read.yieldCapBps()).toBe(3000);
    expect(await nft.read.graceDays()).toBe(30);
    const capReceipt = await f.mined(nft.write.setYieldCap([5000]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: capReceipt.logs, eventName: "YieldCapUpdated" })[0]?.args,
    ).toEqual({
      yieldCapBps: 5000,
    });
    const graceReceipt = await f.mined(nft.write.setGraceDays([7]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: graceReceipt.logs, eventName: "GraceDaysUpdated" })[0]?.args,
    ).toEqual({ graceDays: 7 });
    expect(await nft.read.yieldCapBps()).toBe(5000);
    expect(await nft.read.graceDays()).toBe(7);
    await expectRevert(nft.write.setYieldCap([10_001]), "YieldCapAboveMaximum", [10_001]);
    await expectRevert(f.as(f.stranger).nft.write.setYieldCap([1]), "AccessControlUnauthorizedAccount");
    await expectRevert(f.as(f.stranger).nft.write.setGraceDays([10]), "AccessControlUnauthorizedAccount");
  });

  it("lets only the pauser pause and unpause", async () => {
    const f = farm();
    await expectRevert(f.as(f.stranger).nft.write.pause(), "AccessControlUnauthorizedAccount", [
      f.stranger.account.address,
      roles.PAUSER_ROLE,
    ]);
    await f.mined(f.as(f.admin).nft.write.pause());
    expect(await f.as(f.admin).nft.read.paused()).toBe(true);
    await expectRevert(f.as(f.stranger).nft.write.unpause(), "AccessControlUnauthorizedAccount");
    await f.mined(f.as(f.admin).nft.write.unpause());
    await f.submit();
  });

  it("lets the admin set the metadata URI, with an event indexers can follow", async () => {
    const f = farm();
    const receipt = await f.mined(f.as(f.admin).nft.write.setURI(["https://farm.example/{id}.json"]));
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "URIUpdated" })[0]?.args).toEqual(
      {
        uri: "https://farm.example/{id}.json",
      },
    );
    expect(await f.as(f.admin).nft.read.uri([1n])).toBe("https://farm.example/{id}.json");
    await expectRevert(f.as(f.stranger).nft.write.setURI(["x"]), "AccessControlUnauthorizedAccount");
  });

  it("moves the default admin role only in two steps, DEFAULT_ADMIN_DELAY apart", async () => {
    const f = farm();
    const nft = f.as(f.admin).nft;
    const next = f.wallet(8);
    expect(await nft.read.defaultAdmin()).toBe(f.admin.account.address);
    expect(await nft.read.defaultAdminDelay()).toBe(Number(3n * DAY));
    await expectRevert(
      nft.write.grantRole([roles.DEFAULT_ADMIN_ROLE, next.account.address]),
      "AccessControlEnforcedDefaultAdminRules",
    );
    await f.mined(nft.write.beginDefaultAdminTransfer([next.account.address]));
    await expectRevert(
      f.as(next).nft.write.acceptDefaultAdminTransfer(),
      "AccessControlEnforcedDefaultAdminDelay",
    );
    await f.advance(3n * DAY + 1n);
    await f.mined(f.as(next).nft.write.acceptDefaultAdminTransfer());
    expect(await nft.read.defaultAdmin()).toBe(next.account.address);
    expect(await nft.read.hasRole([roles.DEFAULT_ADMIN_ROLE, f.admin.account.address])).toBe(false);
  });

  it("supports the ERC-1155 and AccessControl interfaces", async () => {
    const nft = farm().as(farm().admin).nft;
    expect(await nft.read.supportsInterface(["0xd9b67a26"])).toBe(true);
    expect(await nft.read.supportsInterface(["0x7965db0b"])).toBe(true);
    expect(await nft.read.supportsInterface(["0xffffffff"])).toBe(false);
  });
});
