import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileContracts, contractsDir, renderArtifacts } from "../scripts/solc";

describe("committed contract artifacts", () => {
  it("equal a fresh compile of the Solidity sources, so ABIs and bytecode never drift", () => {
    const compiled = compileContracts();
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
    for (const contract of compileContracts()) {
      expect((contract.deployedBytecode.length - 2) / 2, contract.name).toBeLessThanOrEqual(24_576);
    }
  });
});
