import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toFunctionSelector } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CompiledContract,
  compileContracts,
  contractsDir,
  extensionOf,
  renderArtifacts,
} from "../scripts/solc";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmNftExtensionAbi } from "../src/abi/FarmNFTExtension";

// One solc-js compile (seconds of CPU) shared by every check.
let compiled: CompiledContract[];
beforeAll(() => {
  compiled = compileContracts();
}, 120_000);

/** 4 KiB under the EVM's 24,576-byte limit: the room the next contract features need. */
const SIZE_LIMIT = 20_480;

type Entry = { type: string; name?: string; inputs?: readonly { type: string }[] };
const signature = (entry: Entry) =>
  `${entry.name}(${(entry.inputs ?? []).map((input) => input.type).join(",")})`;
const functionSelectors = (abi: readonly Entry[]) =>
  abi.filter((entry) => entry.type === "function").map((entry) => toFunctionSelector(signature(entry)));

describe("committed contract artifacts", () => {
  it("equal a fresh compile of the Solidity sources, so ABIs and bytecode never drift", () => {
    expect(compiled.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "FarmMarket",
        "FarmNFT",
        "FarmNFTExtension",
        "FarmVault",
        "GoldFaucet",
        "GoldToken",
      ]),
    );
    for (const contract of compiled) {
      for (const [path, content] of Object.entries(renderArtifacts(contract))) {
        expect(
          readFileSync(join(contractsDir, path), "utf8"),
          `${path} is stale: run npm run build -w contracts`,
        ).toBe(content);
      }
    }
  });

  it(`keep every deployable contract at or under ${SIZE_LIMIT} bytes of deployed code`, () => {
    // The seed market included (decision 0058): it is deployed on its own, not behind FarmNFT.
    expect(compiled.map((contract) => contract.name)).toContain("FarmMarket");
    for (const contract of compiled) {
      expect((contract.deployedBytecode.length - 2) / 2, contract.name).toBeLessThanOrEqual(SIZE_LIMIT);
    }
  });

  it("give FarmNFT's ABI every extension entry, and no extension function that FarmNFT would shadow", () => {
    expect(extensionOf).toEqual({ FarmNFT: "FarmNFTExtension" });
    const main = compiled.find((contract) => contract.name === "FarmNFT");
    const extension = compiled.find((contract) => contract.name === "FarmNFTExtension");
    if (!main || !extension) throw new Error("FarmNFT and FarmNFTExtension must compile");
    // FarmNFT's compiled ABI is already merged: its own functions are those its bytecode dispatches itself.
    const dispatched = new Set(
      functionSelectors(farmNftAbi as readonly Entry[]).filter((selector) =>
        main.deployedBytecode.includes(selector.slice(2)),
      ),
    );
    for (const selector of functionSelectors(farmNftExtensionAbi as readonly Entry[])) {
      expect(dispatched.has(selector), `extension function ${selector} is shadowed by FarmNFT`).toBe(false);
    }
    for (const entry of farmNftExtensionAbi) expect(farmNftAbi).toContainEqual(entry);
  });
});
