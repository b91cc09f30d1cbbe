import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { InvoiceStatus } from "../src/invoice-status";
import { roles } from "../src/roles";
import { useFarm } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();

describe("FarmNFT fee cap setting (decision 0050)", () => {
  it("starts at 670 (0.067 % a day) with hard bounds [1, 1000] hundredths of a basis point a day", async () => {
    const nft = farm().as(farm().admin).nft;
    expect(await nft.read.maxDailyFee()).toBe(670);
    expect(await nft.read.MAX_DAILY_FEE_FLOOR()).toBe(1);
    expect(await nft.read.MAX_DAILY_FEE_CEILING()).toBe(1000);
  });

  it("is set by the admin only, within its bounds, with an event", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    for (const value of [0, 1001, 2 ** 32 - 1]) {
      await expectRevert(admin.write.setMaxDailyFee([value]), "MaxDailyFeeOutOfRange", [value]);
    }
    await expectRevert(f.as(f.operator).nft.write.setMaxDailyFee([500]), "AccessControlUnauthorizedAccount", [
      f.operator.account.address,
      roles.ADMIN_ROLE,
    ]);
    for (const value of [1, 1000, 500]) {
      const receipt = await f.mined(admin.write.setMaxDailyFee([value]));
      expect(
        parseEventLogs({ abi: farmNftAbi, logs: receipt.logs }).map(({ eventName, args }) => ({
          eventName,
          args,
        })),
      ).toEqual([{ eventName: "MaxDailyFeeUpdated", args: { maxDailyFee: value } }]);
      expect(await admin.read.maxDailyFee()).toBe(value);
    }
  });

  it("refuses at submission a term yield above maxDailyFee x tenor / 100 bps, naming the maximum", async () => {
    const f = farm();
    // 670 hundredths of a bps a day: 46.9 bps over 7 days (46 allowed), 201 over 30, 2,445.5 over 365.
    for (const [tenorDays, max] of [
      [7, 46],
      [30, 201],
      [365, 2445],
    ] as const) {
      const tokenId = await f.submit({ yieldBps: max, tenorDays });
      expect((await f.as(f.admin).nft.read.getInvoice([tokenId])).yieldBps).toBe(max);
      await expectRevert(f.submit({ yieldBps: max + 1, tenorDays }), "FeeAboveCap", [
        BigInt(max + 1),
        BigInt(max),
      ]);
    }
  });

  it("binds approvals too: an invoice submitted under a higher cap is not opened for funding above a lowered one", async () => {
    const f = farm();
    const admin = f.as(f.admin).nft;
    const before = await f.submit({ yieldBps: 201, tenorDays: 30 });
    const within = await f.submit({ yieldBps: 30, tenorDays: 30 });
    await f.mined(admin.write.setMaxDailyFee([100]));
    await expectRevert(f.submit({ yieldBps: 31, tenorDays: 30 }), "FeeAboveCap", [31n, 30n]);
    await expectRevert(admin.write.approveInvoice([before]), "FeeAboveCap", [201n, 30n]);
    expect((await admin.read.getInvoice([before])).status).toBe(InvoiceStatus.Pending);
    await f.mined(admin.write.approveInvoice([within]));
    expect((await admin.read.getInvoice([within])).status).toBe(InvoiceStatus.Approved);
    // The farmer's terms never change on chain: the admin rejects it, or raises the cap back within its bounds.
    await f.mined(admin.write.setMaxDailyFee([670]));
    await f.mined(admin.write.approveInvoice([before]));
    expect((await admin.read.getInvoice([before])).status).toBe(InvoiceStatus.Approved);
  });
});
