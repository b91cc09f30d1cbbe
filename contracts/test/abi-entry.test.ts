import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as abi from "../src/abis";

const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(contractsDir, "..");

const importsOf = (source: string) =>
  [...source.matchAll(/(?:import|export)[^'"]*?from\s+["']([^"']+)["']/g)].map((match) => match[1] ?? "");

/** Every module the entry reaches through relative imports, followed file by file. */
function relativeClosure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const specifier of importsOf(readFileSync(entry, "utf8"))) {
    if (specifier.startsWith(".")) relativeClosure(`${resolve(dirname(entry), specifier)}.ts`, seen);
  }
  return seen;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the @farm/contracts/abi entry for browser bundles", () => {
  it("is exported as a subpath and gives the ABIs, status helpers and roles", () => {
    const pkg = JSON.parse(readFileSync(join(contractsDir, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(pkg.exports["./abi"]).toBe("./src/abis.ts");
    expect(abi.farmNftAbi.length).toBeGreaterThan(0);
    expect(abi.goldTokenAbi.length).toBeGreaterThan(0);
    expect(abi.farmMarketAbi.length).toBeGreaterThan(0);
    // The market's errors are decodable with the shared errors ABI (the apps word each one).
    expect(abi.farmErrorsAbi.map((error) => error.name)).toEqual(
      expect.arrayContaining([
        "OrderExpired",
        "InvalidOrderSignature",
        "InvoiceNotTradable",
        "TradingPaused",
      ]),
    );
    expect(abi.invoiceStatusName(abi.InvoiceStatus.Repaid)).toBe("repaid");
    expect(abi.roles.ADMIN_ROLE).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("reaches no Node-only module and no deployment code", () => {
    const modules = [...relativeClosure(join(contractsDir, "src/abis.ts"))];
    for (const module of modules) {
      expect(relative(contractsDir, module)).not.toMatch(/deploy/);
      for (const specifier of importsOf(readFileSync(module, "utf8"))) {
        expect(specifier).not.toMatch(/^node:|^(fs|path|os|url)$/);
      }
    }
  });

  it("is the only way the apps and the UI package reach the contracts", () => {
    const offenders = ["apps/farmer-portal/src", "apps/investor-app/src", "packages/ui/src"]
      .flatMap((dir) => sourceFiles(join(repoRoot, dir)))
      .filter((file) => importsOf(readFileSync(file, "utf8")).includes("@farm/contracts"))
      .map((file) => relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });
});
