import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { overlongFiles, trackedSources } from "./file-sizes";

const repo = resolve(__dirname, "../../..");
/** "About 400 lines" (issue 24): a little room so a file does not have to be split for one added function. */
const MAX_LINES = 420;

describe("file sizes", () => {
  it("finds a file over the limit and passes one at it", () => {
    const dir = mkdtempSync(join(tmpdir(), "farm-sizes-"));
    try {
      writeFileSync(join(dir, "long.ts"), "x;\n".repeat(11));
      writeFileSync(join(dir, "short.ts"), "x;\n".repeat(10));
      expect(overlongFiles(dir, ["long.ts", "short.ts"], 10)).toEqual([{ path: "long.ts", lines: 11 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves generated code and data out and counts the hand-written source", () => {
    const sources = trackedSources(repo);
    expect(sources).toContain("packages/testkit/src/import-cycles.ts");
    expect(sources.some((path) => path.startsWith("contracts/src/abi/"))).toBe(false);
    expect(sources.some((path) => path.endsWith(".json"))).toBe(false);
  });

  it(`has no hand-written source file over ${MAX_LINES} lines`, () => {
    expect(overlongFiles(repo, trackedSources(repo), MAX_LINES)).toEqual([]);
  });
});
