import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
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
});
