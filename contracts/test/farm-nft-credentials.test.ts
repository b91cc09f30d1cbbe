import { ONE_GOLD } from "@farm/core";
import { parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { roles } from "../src/roles";
import { DAY, type Farm, investorOf, useFarm, type Wallet } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);
const YEAR = 365n * DAY;

const credentialOf = (f: Farm, who: Wallet) => f.as(f.admin).nft.read.credentialOf([who.account.address]);
const setCredential = async (f: Farm, who: Wallet, limit: bigint, validFor = YEAR, tier = 1) =>
  f.mined(
    f
      .as(f.operator)
      .nft.write.setCredential([who.account.address, tier, Number((await f.now()) + validFor), limit]),
  );
const transfer = (f: Farm, from: Wallet, to: Wallet, tokenId: bigint, shares: bigint) =>
  f.as(from).nft.write.safeTransferFrom([from.account.address, to.account.address, tokenId, shares, "0x"]);

describe("FarmNFT credentials: written by the verifier or the admin", () => {
  it("grants VERIFIER_ROLE to the operator and lets the verifier and the admin write, nobody else", async () => {
    const f = farm();
    expect(await f.as(f.admin).nft.read.hasRole([roles.VERIFIER_ROLE, f.operator.account.address])).toBe(
      true,
    );
    expect(await f.as(f.admin).nft.read.VERIFIER_ROLE()).toBe(roles.VERIFIER_ROLE);
    const until = Number((await f.now()) + YEAR);
    const receipt = await f.mined(
      f.as(f.operator).nft.write.setCredential([f.stranger.account.address, 2, until, 500n * ONE_GOLD]),
    );
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "CredentialSet" })[0]?.args,
    ).toEqual({
      wallet: f.stranger.account.address,
      tier: 2,
      validUntil: until,
      limit: 500n * ONE_GOLD,
    });
    expect(await credentialOf(f, f.stranger)).toEqual({
      validUntil: until,
      tier: 2,
      frozen: false,
      limit: 500n * ONE_GOLD,
      outstanding: 0n,
    });
    await f.mined(f.as(f.admin).nft.write.setFrozen([f.stranger.account.address, true]));
    await expectRevert(
      f.as(f.farmer).nft.write.setCredential([f.farmer.account.address, 1, until, 1n]),
      "AccessControlUnauthorizedAccount",
      [f.farmer.account.address, roles.VERIFIER_ROLE],
    );
    await expectRevert(
      f.as(f.farmer).nft.write.setFrozen([f.stranger.account.address, false]),
      "AccessControlUnauthorizedAccount",
    );
    await expectRevert(
      f.as(f.farmer).nft.write.revokeCredential([f.stranger.account.address]),
      "AccessControlUnauthorizedAccount",
    );
  });

  it("refuses tier 0 or above 2 and a validity that is not in the future", async () => {
    const f = farm();
    const nft = f.as(f.operator).nft;
    const now = Number(await f.now());
    const who = f.stranger.account.address;
    await expectRevert(nft.write.setCredential([who, 0, now + 1000, 1n]), "InvalidCredential");
    await expectRevert(nft.write.setCredential([who, 3, now + 1000, 1n]), "InvalidCredential");
    await expectRevert(nft.write.setCredential([who, 1, now, 1n]), "InvalidCredential");
  });

  it("keeps the freeze and the outstanding principal when a credential is renewed, revoked or replaced", async () => {
    const f = farm();
    const lost = investor(0);
    const next = f.stranger;
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    await f.invest(lost, tokenId, 300n * ONE_GOLD);
    await f.mined(f.as(f.operator).nft.write.setFrozen([lost.account.address, true]));
    await setCredential(f, lost, 800n * ONE_GOLD);
    expect(await credentialOf(f, lost)).toMatchObject({ frozen: true, outstanding: 300n * ONE_GOLD });
    const until = Number((await f.now()) + YEAR);
    const receipt = await f.mined(
      f.as(f.admin).nft.write.replaceCredential([lost.account.address, next.account.address, 1, until, 900n]),
    );
    expect(parseEventLogs({ abi: farmNftAbi, logs: receipt.logs }).map((log) => log.eventName)).toEqual([
      "CredentialRevoked",
      "CredentialSet",
    ]);
    expect(await credentialOf(f, lost)).toEqual({
      validUntil: 0,
      tier: 0,
      frozen: true,
      limit: 0n,
      outstanding: 300n * ONE_GOLD,
    });
    expect(await credentialOf(f, next)).toMatchObject({ tier: 1, validUntil: until, limit: 900n });
    await expectRevert(
      f.as(f.admin).nft.write.replaceCredential([next.account.address, next.account.address, 1, until, 1n]),
      "InvalidCredential",
    );
  });
});

describe("FarmNFT refuses shares to a wallet that may not hold them", () => {
  it("refuses an investment by an unverified, expired, frozen or over-limit wallet, with named errors", async () => {
    const f = farm();
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    const who = f.stranger;
    await expectRevert(f.invest(who, tokenId, 10n * ONE_GOLD), "ReceiverNotVerified", [who.account.address]);
    await setCredential(f, who, 100n * ONE_GOLD, DAY);
    const { validUntil } = await credentialOf(f, who);
    await f.advance(DAY + 1n);
    await expectRevert(f.invest(who, tokenId, 10n * ONE_GOLD), "CredentialExpired", [
      who.account.address,
      validUntil,
    ]);
    await setCredential(f, who, 100n * ONE_GOLD);
    await f.mined(f.as(f.operator).nft.write.setFrozen([who.account.address, true]));
    await expectRevert(f.invest(who, tokenId, 10n * ONE_GOLD), "WalletFrozen", [who.account.address]);
    await f.mined(f.as(f.operator).nft.write.setFrozen([who.account.address, false]));
    await f.invest(who, tokenId, 60n * ONE_GOLD);
    await expectRevert(f.invest(who, tokenId, 41n * ONE_GOLD), "PrincipalLimitExceeded", [
      who.account.address,
      101n * ONE_GOLD,
      100n * ONE_GOLD,
    ]);
    await f.invest(who, tokenId, 40n * ONE_GOLD);
    expect(await credentialOf(f, who)).toMatchObject({ outstanding: 100n * ONE_GOLD });
  });

  it("moves outstanding principal on transfers and refuses bad receivers and frozen senders", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const first = await f.open({ amount: 1_000n * ONE_GOLD });
    const second = await f.open({ amount: 1_000n * ONE_GOLD });
    await f.invest(alice, first, 300n * ONE_GOLD);
    await f.invest(alice, second, 200n * ONE_GOLD);
    await expectRevert(transfer(f, alice, f.stranger, first, ONE_GOLD), "ReceiverNotVerified", [
      f.stranger.account.address,
    ]);
    await setCredential(f, bob, 400n * ONE_GOLD);
    // A batch counts its total against the receiver's limit.
    await expectRevert(
      f
        .as(alice)
        .nft.write.safeBatchTransferFrom([
          alice.account.address,
          bob.account.address,
          [first, second],
          [300n * ONE_GOLD, 200n * ONE_GOLD],
          "0x",
        ]),
      "PrincipalLimitExceeded",
      [bob.account.address, 500n * ONE_GOLD, 400n * ONE_GOLD],
    );
    await f.mined(
      f
        .as(alice)
        .nft.write.safeBatchTransferFrom([
          alice.account.address,
          bob.account.address,
          [first, second],
          [250n * ONE_GOLD, 150n * ONE_GOLD],
          "0x",
        ]),
    );
    expect(await credentialOf(f, alice)).toMatchObject({ outstanding: 100n * ONE_GOLD });
    expect(await credentialOf(f, bob)).toMatchObject({ outstanding: 400n * ONE_GOLD });
    await f.mined(f.as(f.operator).nft.write.setFrozen([alice.account.address, true]));
    await expectRevert(transfer(f, alice, investor(2), first, ONE_GOLD), "WalletFrozen", [
      alice.account.address,
    ]);
    await expectRevert(transfer(f, bob, alice, first, ONE_GOLD), "WalletFrozen", [alice.account.address]);
  });

  it("lets the admin lower a limit below what a wallet holds; it then receives nothing until it holds less", async () => {
    const f = farm();
    const [alice, bob] = [investor(0), investor(1)];
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    await f.invest(alice, tokenId, 500n * ONE_GOLD);
    await f.invest(bob, tokenId, 100n * ONE_GOLD);
    await setCredential(f, alice, 200n * ONE_GOLD);
    await expectRevert(transfer(f, bob, alice, tokenId, ONE_GOLD), "PrincipalLimitExceeded", [
      alice.account.address,
      501n * ONE_GOLD,
      200n * ONE_GOLD,
    ]);
    await f.mined(transfer(f, alice, bob, tokenId, 400n * ONE_GOLD));
    await f.mined(transfer(f, bob, alice, tokenId, 100n * ONE_GOLD));
    expect(await credentialOf(f, alice)).toMatchObject({ outstanding: 200n * ONE_GOLD });
  });
});

describe("FarmNFT never blocks an exit", () => {
  it("lets a revoked (unverified) holder harvest, and its outstanding principal falls to zero", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, yieldBps: 500, tenorDays: 75 });
    await f.invest(alice, tokenId, 1_000n * ONE_GOLD);
    await f.mined(f.as(f.operator).nft.write.revokeCredential([alice.account.address]));
    await f.repay(tokenId, 1_050n * ONE_GOLD);
    await f.advance(76n * DAY);
    const before = await f.goldOf(alice.account.address);
    await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    expect(await f.goldOf(alice.account.address)).toBe(before + 1_050n * ONE_GOLD);
    expect(await credentialOf(f, alice)).toMatchObject({ tier: 0, outstanding: 0n });
  });

  it("lets a frozen holder refund a cancelled invoice", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD });
    await f.invest(alice, tokenId, 100n * ONE_GOLD);
    await f.mined(f.as(f.operator).nft.write.setFrozen([alice.account.address, true]));
    await f.advance(8n * DAY);
    await f.mined(f.as(f.stranger).nft.write.cancelExpired([tokenId]));
    const before = await f.goldOf(alice.account.address);
    await f.mined(f.as(alice).nft.write.refund([tokenId]));
    expect(await f.goldOf(alice.account.address)).toBe(before + 100n * ONE_GOLD);
    expect(await credentialOf(f, alice)).toMatchObject({ frozen: true, outstanding: 0n });
  });

  it("lets a holder whose credential expired claim its share of a settled default", async () => {
    const f = farm();
    const alice = investor(0);
    const tokenId = await f.open({ amount: 1_000n * ONE_GOLD, tenorDays: 30 });
    await setCredential(f, alice, 2_000n * ONE_GOLD, 10n * DAY);
    await f.invest(alice, tokenId, 1_000n * ONE_GOLD);
    await f.repay(tokenId, 400n * ONE_GOLD);
    await f.advance(61n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    await f.advance(31n * DAY);
    await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
    const before = await f.goldOf(alice.account.address);
    await f.mined(f.as(alice).nft.write.harvest([tokenId]));
    expect(await f.goldOf(alice.account.address)).toBe(before + 400n * ONE_GOLD);
    expect(await credentialOf(f, alice)).toMatchObject({ outstanding: 0n });
  });
});
