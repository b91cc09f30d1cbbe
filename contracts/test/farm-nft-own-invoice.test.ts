import { ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { InvoiceStatus } from "../src/invoice-status";
import { roles } from "../src/roles";
import { DAY, type Farm, investorOf, useFarm, type Wallet } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();

/** The invoice's farmer, made an admin too: it holds ADMIN_ROLE beside its invoices (decision 0071). */
async function farmerAdmin(f: Farm): Promise<Wallet> {
  await f.mined(f.as(f.admin).nft.write.grantRole([roles.ADMIN_ROLE, f.farmer.account.address]));
  expect(await f.as(f.admin).nft.read.hasRole([roles.ADMIN_ROLE, f.farmer.account.address])).toBe(true);
  return f.farmer;
}

/** A funded invoice of the farmer, past maturity and its grace: markDefaulted would succeed now. */
async function overdueInvoice(f: Farm): Promise<bigint> {
  const tokenId = await f.open({ amount: 100n * ONE_GOLD, tenorDays: 30 });
  await f.invest(investorOf(farm, 0), tokenId, 100n * ONE_GOLD);
  const graceDays = await f.as(f.admin).nft.read.graceDays();
  await f.advance((30n + BigInt(graceDays) + 1n) * DAY);
  return tokenId;
}

describe("FarmNFT: no admin decides its own invoice (decision 0071)", () => {
  it("refuses the farmer's own approval and rejection of a pending invoice; another admin takes either", async () => {
    const f = farm();
    const own = f.as(await farmerAdmin(f)).nft;
    const other = f.as(f.admin).nft;
    const approved = await f.submit();
    const rejected = await f.submit();
    await expectRevert(own.write.approveInvoice([approved]), "OwnInvoiceDecision", [approved]);
    await expectRevert(own.write.rejectInvoice([rejected, "mine"]), "OwnInvoiceDecision", [rejected]);
    expect((await f.invoice(approved)).status).toBe(InvoiceStatus.Pending);
    expect((await f.invoice(rejected)).status).toBe(InvoiceStatus.Pending);
    await f.mined(other.write.approveInvoice([approved]));
    await f.mined(other.write.rejectInvoice([rejected, "the buyer does not know it"]));
    expect((await f.invoice(approved)).status).toBe(InvoiceStatus.Approved);
    expect((await f.invoice(rejected)).status).toBe(InvoiceStatus.Rejected);
  });

  it("refuses the farmer's own withdrawal of an approved invoice; another admin withdraws it", async () => {
    const f = farm();
    const own = f.as(await farmerAdmin(f)).nft;
    const tokenId = await f.open();
    await expectRevert(own.write.withdrawInvoice([tokenId, "mine"]), "OwnInvoiceDecision", [tokenId]);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Approved);
    await f.mined(f.as(f.admin).nft.write.withdrawInvoice([tokenId, "the buyer disputed it"]));
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Cancelled);
  });

  it("refuses the farmer's own default and settlement; another admin declares and settles them", async () => {
    const f = farm();
    const own = f.as(await farmerAdmin(f)).nft;
    const other = f.as(f.admin).nft;
    const tokenId = await overdueInvoice(f);
    await expectRevert(own.write.markDefaulted([tokenId]), "OwnInvoiceDecision", [tokenId]);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Funded);
    await f.mined(other.write.markDefaulted([tokenId]));
    await f.advance(BigInt(await other.read.recoveryDays()) * DAY);
    await expectRevert(own.write.settleDefault([tokenId]), "OwnInvoiceDecision", [tokenId]);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Defaulted);
    await f.mined(other.write.settleDefault([tokenId]));
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Settled);
  });

  it("lets the farmer-admin decide other farmers' invoices: the rule is the farmer, not the role", async () => {
    const f = farm();
    const own = f.as(await farmerAdmin(f)).nft;
    const someoneElse = f.wallet(8).account.address;
    const pending = await f.submit({ farmer: someoneElse });
    const rejected = await f.submit({ farmer: someoneElse });
    await f.mined(own.write.approveInvoice([pending]));
    await f.mined(own.write.rejectInvoice([rejected, "the document is unreadable"]));
    await f.mined(own.write.withdrawInvoice([pending, "the buyer disputed it"]));
    expect((await f.invoice(pending)).status).toBe(InvoiceStatus.Cancelled);
    expect((await f.invoice(rejected)).status).toBe(InvoiceStatus.Rejected);
  });

  it("checks the farmer before the invoice's state, and an unknown id is still UnknownInvoice", async () => {
    const f = farm();
    const own = f.as(await farmerAdmin(f)).nft;
    const tokenId = await f.open();
    // Already approved: the farmer is told it is its own invoice, not that it is no longer pending.
    await expectRevert(own.write.approveInvoice([tokenId]), "OwnInvoiceDecision", [tokenId]);
    await expectRevert(own.write.markDefaulted([tokenId]), "OwnInvoiceDecision", [tokenId]);
    await expectRevert(own.write.settleDefault([tokenId]), "OwnInvoiceDecision", [tokenId]);
    await expectRevert(own.write.approveInvoice([999n]), "UnknownInvoice", [999n]);
  });
});
