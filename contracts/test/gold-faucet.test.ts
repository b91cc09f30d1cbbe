import { ONE_GOLD } from "@farm/core";
import { maxUint256, parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { goldFaucetAbi } from "../src/abi/GoldFaucet";
import { DAY, useFarm } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const claimAmount = 10_000n * ONE_GOLD;

describe("GoldFaucet", () => {
  it("pays 10,000 GOLD per claim and says when the next claim opens", async () => {
    const f = farm();
    const account = f.stranger.account.address;
    const faucet = f.as(f.stranger).faucet;
    expect(await faucet.read.canClaim([account])).toBe(true);
    expect(await faucet.read.timeUntilNextClaim([account])).toBe(0n);
    const before = await f.goldOf(account);
    const receipt = await f.mined(faucet.write.claim());
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(parseEventLogs({ abi: goldFaucetAbi, logs: receipt.logs, eventName: "Claimed" })[0]?.args).toEqual(
      {
        account,
        amount: claimAmount,
        nextClaimAt: block.timestamp + DAY,
      },
    );
    expect(await f.goldOf(account)).toBe(before + claimAmount);
    expect(await faucet.read.claimedTotal([account])).toBe(claimAmount);
    expect(await faucet.read.canClaim([account])).toBe(false);
    expect(await faucet.read.timeUntilNextClaim([account])).toBe(DAY);
  });

  it("rejects a claim during the cooldown and accepts one after it", async () => {
    const f = farm();
    const faucet = f.as(f.stranger).faucet;
    const receipt = await f.mined(faucet.write.claim());
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    await expectRevert(faucet.write.claim(), "ClaimCoolingDown", [
      f.stranger.account.address,
      block.timestamp + DAY,
    ]);
    await f.advance(DAY);
    await f.mined(faucet.write.claim());
  });

  it("stops at the lifetime cap per address", async () => {
    const f = farm();
    await f.mined(f.as(f.admin).faucet.write.setLifetimeCap([2n * claimAmount]));
    const faucet = f.as(f.stranger).faucet;
    await f.mined(faucet.write.claim());
    await f.advance(DAY);
    await f.mined(faucet.write.claim());
    await f.advance(DAY);
    expect(await faucet.read.canClaim([f.stranger.account.address])).toBe(false);
    expect(await faucet.read.timeUntilNextClaim([f.stranger.account.address])).toBe(maxUint256);
    await expectRevert(faucet.write.claim(), "LifetimeCapReached", [
      f.stranger.account.address,
      2n * claimAmount,
      2n * claimAmount,
    ]);
  });

  it("says clearly when it is empty", async () => {
    const f = farm();
    const balance = await f.goldOf(f.deployment.goldFaucet);
    await f.mined(f.as(f.admin).faucet.write.setClaimAmount([balance + 1n]));
    await f.mined(f.as(f.admin).faucet.write.setLifetimeCap([maxUint256 / 2n]));
    expect(await f.as(f.stranger).faucet.read.canClaim([f.stranger.account.address])).toBe(false);
    await expectRevert(f.as(f.stranger).faucet.write.claim(), "FaucetEmpty", [balance, balance + 1n]);
  });

  it("lets only the admin tune amount, cooldown and cap, each with an event", async () => {
    const f = farm();
    const faucet = f.as(f.admin).faucet;
    const amount = await f.mined(faucet.write.setClaimAmount([5n]));
    expect(
      parseEventLogs({ abi: goldFaucetAbi, logs: amount.logs, eventName: "ClaimAmountUpdated" })[0]?.args,
    ).toEqual({ claimAmount: 5n });
    const cooldown = await f.mined(faucet.write.setCooldown([60n]));
    expect(
      parseEventLogs({ abi: goldFaucetAbi, logs: cooldown.logs, eventName: "CooldownUpdated" })[0]?.args,
    ).toEqual({
      cooldown: 60n,
    });
    const cap = await f.mined(faucet.write.setLifetimeCap([50n]));
    expect(
      parseEventLogs({ abi: goldFaucetAbi, logs: cap.logs, eventName: "LifetimeCapUpdated" })[0]?.args,
    ).toEqual({
      lifetimeCap: 50n,
    });
    expect([
      await faucet.read.claimAmount(),
      await faucet.read.cooldown(),
      await faucet.read.lifetimeCap(),
    ]).toEqual([5n, 60n, 50n]);
    await expectRevert(faucet.write.setClaimAmount([0n]), "ZeroClaimAmount");
    const stranger = f.as(f.stranger).faucet;
    await expectRevert(stranger.write.setClaimAmount([1n]), "AccessControlUnauthorizedAccount");
    await expectRevert(stranger.write.setCooldown([1n]), "AccessControlUnauthorizedAccount");
    await expectRevert(stranger.write.setLifetimeCap([1n]), "AccessControlUnauthorizedAccount");
  });
});
