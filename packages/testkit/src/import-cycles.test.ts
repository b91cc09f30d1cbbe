import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findImportCycles } from "./import-cycles";

const repo = resolve(__dirname, "../../..");
const sourceDirs = [
  "backend/src",
  "packages/core/src",
  "packages/ui/src",
  "packages/testkit/src",
  "contracts/src",
  "apps/farmer-portal/src",
  "apps/investor-app/src",
  "bench/src",
  "scripts/src",
  "e2e/fixtures",
];

describe("import circles", () => {
  it("finds a circle, type-only imports included, and nothing in a straight line", () => {
    const dir = mkdtempSync(join(tmpdir(), "farm-cycles-"));
    try {
      writeFileSync(join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = b;\n');
      writeFileSync(join(dir, "b.ts"), 'import type { C } from "./c";\nexport const b: C = 1;\n');
      writeFileSync(join(dir, "c.ts"), 'import type { a } from "./a";\nexport type C = typeof a;\n');
      writeFileSync(join(dir, "d.ts"), 'import { a } from "./a";\nexport const d = a;\n');
      const cycles = findImportCycles([dir]).map((cycle) => cycle.map((file) => relative(dir, file)).sort());
      expect(cycles).toEqual([["a.ts", "b.ts", "c.ts"]]);
      writeFileSync(join(dir, "c.ts"), "export type C = number;\n");
      expect(findImportCycles([dir])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has none in the platform's source", () => {
    const cycles = findImportCycles(sourceDirs.map((dir) => join(repo, dir)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(repo, file)).join(" -> "))).toEqual([]);
  });
});
