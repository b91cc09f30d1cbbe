import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { standardJsonInput } from "../scripts/solc";
import { farmMarketBytecode } from "../src/bytecode/FarmMarket";
import { farmNftBytecode } from "../src/bytecode/FarmNFT";
import { goldTokenBytecode } from "../src/bytecode/GoldToken";

const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };

describe("standard JSON input for block-explorer verification", () => {
  it("rebuilds the deployed bytecode on its own, with no import resolution", () => {
    const { compilerVersion, input } = standardJsonInput();
    expect(compilerVersion).toMatch(/^v0\.8\.28\+commit\.[0-9a-f]{8}$/);
    // As an explorer compiles it: the input alone, imports unresolvable except from the input's sources.
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
      errors?: { severity: string; formattedMessage: string }[];
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
    };
    expect((output.errors ?? []).filter((error) => error.severity === "error")).toEqual([]);
    expect(`0x${output.contracts["FarmNFT.sol"]?.FarmNFT?.evm.bytecode.object}`).toBe(farmNftBytecode);
    expect(`0x${output.contracts["GoldToken.sol"]?.GoldToken?.evm.bytecode.object}`).toBe(goldTokenBytecode);
    const market = output.contracts["market/FarmMarket.sol"]?.FarmMarket;
    expect(`0x${market?.evm.bytecode.object}`).toBe(farmMarketBytecode);
  }, 60_000);
});
