import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompiledContract, compileContracts, contractsDir, renderArtifacts } from "../scripts/solc";

// One solc-js compile (seconds of CPU) shared by both checks.
let compiled: CompiledContract[];
beforeAll(() => {
  compiled = compileContracts();
}, 120_000);

describe("committed contract artifacts", () => {
  it("equal a fresh compile of the Solidity sources, so ABIs and bytecode never drift", () => {
    expect(compiled.map((c) => c.name)).toEqual(
      expect.arrayContaining(["FarmNFT", "FarmVault", "GoldFaucet", "GoldToken"]),
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

  it("keep every deployable contract under the 24 KiB code size limit", () => {
    for (const contract of compiled) {
      expect((contract.deployedBytecode.length - 2) / 2, contract.name).toBeLessThanOrEqual(24_576);
    }
  });
});
