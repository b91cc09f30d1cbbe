import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

interface SolcOutputContract {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, SolcOutputContract>>;
}

interface Solc {
  compile(
    input: string,
    callbacks: { import: (path: string) => { contents: string } | { error: string } },
  ): string;
  version(): string;
}

const require = createRequire(import.meta.url);
const solc = require("solc") as Solc;

export const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const solidityDir = join(contractsDir, "src", "solidity");

/** One compiled contract: what deploying and calling it needs. */
export interface CompiledContract {
  name: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

/** Source units compiled: every contract file in src/solidity and its folders (FarmNFT's modules, the harness). */
function sourceFiles(folder = ""): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const entry of readdirSync(join(solidityDir, folder), { withFileTypes: true })) {
    const unit = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(sources, sourceFiles(unit));
    else if (entry.name.endsWith(".sol"))
      sources[unit] = { content: readFileSync(join(solidityDir, unit), "utf8") };
  }
  return sources;
}

/**
 * Contracts whose fallback runs every other selector from an extension by DELEGATECALL (FarmNFT -> FarmNFTExtension,
 * to stay under the code size limit): callers see one contract, so its ABI is the union of the two.
 */
export const extensionOf: Readonly<Record<string, string>> = { FarmNFT: "FarmNFTExtension" };

type AbiEntry = { type?: string; name?: string };

/** Both ABIs as one, in solc's own order (by type, then name), each entry once; the extension's constructor left out. */
export function mergeAbis(main: readonly unknown[], extension: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  const merged = [...main, ...extension.filter((entry) => (entry as AbiEntry).type !== "constructor")].filter(
    (entry) => {
      const key = JSON.stringify(entry);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  );
  const key = (entry: unknown) => [(entry as AbiEntry).type ?? "", (entry as AbiEntry).name ?? ""] as const;
  // Code-unit comparison, as solc's byte-wise std::string ordering (upper case before lower case).
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return merged.sort((a, b) => compare(key(a)[0], key(b)[0]) || compare(key(a)[1], key(b)[1]));
}

function resolveImport(path: string): { contents: string } | { error: string } {
  for (const candidate of [join(solidityDir, path), require.resolve(path, { paths: [contractsDir] })]) {
    try {
      return { contents: readFileSync(candidate, "utf8") };
    } catch {}
  }
  return { error: `import not found: ${path}` };
}

/**
 * Compiles the Solidity sources with solc-js 0.8.28 for Cancun (OpenZeppelin 5 uses mcopy), optimizer on.
 * Throws with every compiler error when the sources do not compile.
 */
export function compileContracts(): CompiledContract[] {
  return compile().compiled;
}

/** The compiler settings; explorers need exactly these (outputSelection aside) to rebuild the same bytecode. */
const compilerSettings = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

/**
 * The Solidity standard JSON input of this build with every imported source inlined (OpenZeppelin's too), which
 * block explorers accept for verification ("Standard JSON Input"), and the compiler version to pick there.
 */
export function standardJsonInput(): { compilerVersion: string; input: object } {
  const { input, imported } = compile();
  return {
    compilerVersion: `v${solc.version().replace(".Emscripten.clang", "")}`,
    input: { ...input, sources: { ...input.sources, ...imported } },
  };
}

function compile(): {
  compiled: CompiledContract[];
  input: { language: string; sources: Record<string, { content: string }>; settings: object };
  imported: Record<string, { content: string }>;
} {
  const input = { language: "Solidity", sources: sourceFiles(), settings: compilerSettings };
  const imported: Record<string, { content: string }> = {};
  const recordImport = (path: string) => {
    const found = resolveImport(path);
    if ("contents" in found) imported[path] = { content: found.contents };
    return found;
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: recordImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  // OpenZeppelin's own warnings (transient storage) are known and not ours to fix.
  for (const warning of (output.errors ?? []).filter(
    (e) => e.severity === "warning" && !e.formattedMessage.includes("@openzeppelin/"),
  )) {
    console.warn(warning.formattedMessage);
  }
  const compiled: CompiledContract[] = [];
  for (const [unit, contracts] of Object.entries(output.contracts ?? {})) {
    if (!(unit in input.sources)) continue;
    for (const [name, contract] of Object.entries(contracts)) {
      // Interfaces have no bytecode and internal-only libraries no ABI: neither is deployed on its own.
      if (contract.evm.bytecode.object.length === 0 || contract.abi.length === 0) continue;
      compiled.push({
        name,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      });
    }
  }
  for (const [mainName, extensionName] of Object.entries(extensionOf)) {
    const main = compiled.find((contract) => contract.name === mainName);
    const extension = compiled.find((contract) => contract.name === extensionName);
    if (!main || !extension) throw new Error(`${mainName} or its extension ${extensionName} did not compile`);
    main.abi = mergeAbis(main.abi, extension.abi);
  }
  return { compiled: compiled.sort((a, b) => a.name.localeCompare(b.name)), input, imported };
}

/** "FarmNFT" -> "farmNft", "GoldToken" -> "goldToken": the identifier prefix of the generated exports. */
export function identifierOf(contractName: string): string {
  const words = contractName.match(/[A-Z]+(?![a-z])|[A-Z][a-z0-9]*/g) ?? [contractName];
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join("");
}

const banner = "// Generated by contracts/scripts/compile.ts from src/solidity: do not edit.\n";

/** The committed TypeScript files for one contract, keyed by path relative to contracts/. */
export function renderArtifacts(contract: CompiledContract): Record<string, string> {
  const id = identifierOf(contract.name);
  return {
    [`src/abi/${contract.name}.ts`]: `${banner}export const ${id}Abi = ${JSON.stringify(contract.abi, null, 2)} as const;\n`,
    [`src/bytecode/${contract.name}.ts`]: `${banner}export const ${id}Bytecode = "${contract.bytecode}" as const;\n`,
  };
}
