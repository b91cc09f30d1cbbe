import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encodeAbiParameters, keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { contractsDir } from "../scripts/solc";
import { farmNftExtensionAbi } from "../src/abi/FarmNFTExtension";
import { useFarm } from "./support/farm";
import { expectRevert } from "./support/revert";

const farm = useFarm();

describe("FarmNFT's extension (settings, views and rejection run by DELEGATECALL)", () => {
  it("keeps FarmNFT's state at the ERC-7201 slot of its namespace", () => {
    const source = readFileSync(join(contractsDir, "src/solidity/farm-nft/FarmNFTStorage.sol"), "utf8");
    const location = source.match(/LOCATION = (0x[0-9a-f]{64});/)?.[1];
    const inner = BigInt(keccak256(toHex("farm.storage.FarmNFT"))) - 1n;
    const expected = BigInt(keccak256(encodeAbiParameters([{ type: "uint256" }], [inner]))) & ~0xffn;
    expect(location).toBe(toHex(expected, { size: 32 }));
  });

  it("holds no state of its own: called directly it sees no invoice and refuses every admin call", async () => {
    const f = farm();
    await f.submit({ reference: "extension-direct" });
    const extension = await f.as(f.admin).nft.read.extension();
    expect(await f.publicClient.getCode({ address: extension })).toMatch(/^0x[0-9a-f]{2,}$/);
    expect(await f.as(f.admin).nft.read.invoiceCount()).toBeGreaterThan(0n);
    const direct = { address: extension, abi: farmNftExtensionAbi } as const;
    expect(await f.publicClient.readContract({ ...direct, functionName: "invoiceCount" })).toBe(0n);
    // Outside FarmNFT there is no hasRole to ask, so even FarmNFT's admin is refused.
    await expect(
      f.admin.writeContract({
        ...direct,
        functionName: "setYieldCap",
        args: [1000],
        account: f.admin.account,
      }),
    ).rejects.toThrow();
    expect(await f.as(f.admin).nft.read.yieldCapBps()).toBe(3000);
  });

  it("answers through FarmNFT with FarmNFT's roles and events, and refuses ETH and unknown selectors", async () => {
    const f = farm();
    await expectRevert(f.as(f.stranger).nft.write.setYieldCap([1000]), "AccessControlUnauthorizedAccount");
    const receipt = await f.mined(f.as(f.admin).nft.write.setYieldCap([2000]));
    expect(receipt.logs.map((log) => log.address)).toEqual([f.deployment.farmNft.toLowerCase()]);
    expect(await f.as(f.admin).nft.read.yieldCapBps()).toBe(2000);
    await f.mined(f.as(f.admin).nft.write.setYieldCap([3000]));
    for (const request of [
      { to: f.deployment.farmNft, data: "0xdeadbeef" as const },
      { to: f.deployment.farmNft, value: 1n },
    ]) {
      await expect(f.stranger.sendTransaction({ ...request, account: f.stranger.account })).rejects.toThrow();
    }
  });
});
