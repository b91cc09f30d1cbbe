import { ONE_GOLD } from "@farm/core";
import { getAddress, parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { deployDefaults } from "../src/deploy";
import { roles } from "../src/roles";
import { useFarm } from "./support/farm";
import { signGoldPermit } from "./support/permit";
import { expectRevert } from "./support/revert";

const farm = useFarm();

describe("GoldToken", () => {
  it("is GOLD with 18 decimals and a supply cap", async () => {
    const gold = farm().as(farm().admin).gold;
    expect(await gold.read.symbol()).toBe("GOLD");
    expect(await gold.read.decimals()).toBe(18);
    expect(await gold.read.cap()).toBe(deployDefaults.supplyCap);
  });

  it("mints only for MINTER_ROLE and never beyond the cap", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.stranger).gold.write.mint([f.stranger.account.address, 1n]),
      "AccessControlUnauthorizedAccount",
      [f.stranger.account.address, roles.MINTER_ROLE],
    );
    const gold = f.as(f.admin).gold;
    const room = (await gold.read.cap()) - (await gold.read.totalSupply());
    await expectRevert(gold.write.mint([f.stranger.account.address, room + 1n]), "ERC20ExceededCap");
    await f.mined(gold.write.mint([f.stranger.account.address, room]));
    expect(await gold.read.totalSupply()).toBe(await gold.read.cap());
  });

  it("accepts an ERC-2612 permit and rejects an expired one", async () => {
    const f = farm();
    const [owner] = f.investors;
    if (!owner) throw new Error("no investor");
    const deadline = (await f.now()) + 60n;
    const { v, r, s } = await signGoldPermit(f, owner, 5n, deadline);
    const gold = f.as(f.stranger).gold;
    await f.mined(gold.write.permit([owner.account.address, f.deployment.farmNft, 5n, deadline, v, r, s]));
    expect(await gold.read.allowance([owner.account.address, f.deployment.farmNft])).toBe(5n);
    const expired = (await f.now()) - 1n;
    const late = await signGoldPermit(f, owner, 5n, expired);
    await expectRevert(
      gold.write.permit([owner.account.address, f.deployment.farmNft, 5n, expired, late.v, late.r, late.s]),
      "ERC2612ExpiredSignature",
    );
  });
});

describe("FarmVault", () => {
  it("starts with the deployment's funding as free reserve and nothing reserved", async () => {
    const vault = farm().as(farm().admin).vault;
    expect(await vault.read.freeReserve()).toBe(deployDefaults.vaultFunding);
    expect(await vault.read.reserved()).toBe(0n);
    expect(await vault.read.farmNft()).toBe(farm().deployment.farmNft);
  });

  it("takes deposits into the free reserve and emits YieldDeposited", async () => {
    const f = farm();
    const donor = f.stranger;
    await f.mined(f.as(donor).gold.write.approve([f.deployment.farmVault, 500n * ONE_GOLD]));
    const receipt = await f.mined(f.as(donor).vault.write.depositYield([500n * ONE_GOLD]));
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: receipt.logs, eventName: "YieldDeposited" })[0]?.args,
    ).toEqual({
      from: getAddress(donor.account.address),
      amount: 500n * ONE_GOLD,
    });
    expect(await f.as(donor).vault.read.freeReserve()).toBe(deployDefaults.vaultFunding + 500n * ONE_GOLD);
    await expectRevert(f.as(donor).vault.write.depositYield([0n]), "ZeroAmount");
  });

  it("lets only FarmNFT reserve, release or withdraw yield", async () => {
    const f = farm();
    const vault = f.as(f.admin).vault;
    const caller = f.admin.account.address;
    await expectRevert(vault.write.reserveYield([1n, 1n]), "CallerNotFarmNft", [caller]);
    await expectRevert(vault.write.releaseYield([1n, 1n]), "CallerNotFarmNft", [caller]);
    await expectRevert(vault.write.withdrawYield([1n, caller, 1n]), "CallerNotFarmNft", [caller]);
  });

  it("is connected to FarmNFT once, by the admin only", async () => {
    const f = farm();
    await expectRevert(
      f.as(f.admin).vault.write.setFarmNft([f.stranger.account.address]),
      "FarmNftAlreadySet",
      [f.deployment.farmNft],
    );
    await expectRevert(
      f.as(f.stranger).vault.write.setFarmNft([f.stranger.account.address]),
      "AccessControlUnauthorizedAccount",
    );
  });
});
