import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileContracts, contractsDir, renderArtifacts } from "./solc";

for (const contract of compileContracts()) {
  for (const [path, content] of Object.entries(renderArtifacts(contract))) {
    const target = join(contractsDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  const size = (contract.deployedBytecode.length - 2) / 2;
  console.log(`${contract.name.padEnd(20)} ${String(size).padStart(6)} bytes deployed`);
}
